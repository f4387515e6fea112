#if os(Linux)
    import Foundation

    /// The libcurl options and result codes a transfer uses, with the values of curl.h (stable
    /// across libcurl 7 and 8: the library promises never to renumber them).
    enum CurlOption {
        // Options taking a `long`.
        static let lowSpeedLimit: Int32 = 19
        static let lowSpeedTime: Int32 = 20
        static let noProgress: Int32 = 43
        static let post: Int32 = 47
        static let followLocation: Int32 = 52
        static let postFieldSize: Int32 = 60
        static let connectTimeout: Int32 = 78
        static let httpGet: Int32 = 80
        static let noSignal: Int32 = 99
        // Options taking a pointer (10000 + n) or a function (20000 + n).
        static let writeData: Int32 = 10001
        static let url: Int32 = 10002
        static let userAgent: Int32 = 10018
        static let httpHeader: Int32 = 10023
        static let headerData: Int32 = 10029
        static let progressData: Int32 = 10057
        static let acceptEncoding: Int32 = 10102
        static let copyPostFields: Int32 = 10165
        static let writeFunction: Int32 = 20011
        static let headerFunction: Int32 = 20079
        static let progressFunction: Int32 = 20219
    }

    /// libcurl's result codes, as the URL errors URLSession reports for them, so that the client
    /// names each failure as it did over URLSession.
    enum CurlResult {
        static func urlErrorCode(_ code: Int32, answered: Bool) -> URLError.Code {
            switch code {
            case 1: return .unsupportedURL  // CURLE_UNSUPPORTED_PROTOCOL: also an HTTP/0.9 reply
            case 3: return .badURL
            case 5, 6: return .cannotFindHost  // the proxy's name or the host's does not resolve
            case 7: return .cannotConnectToHost
            case 8: return answered ? .badServerResponse : .unsupportedURL  // CURLE_WEIRD_SERVER_REPLY
            case 16, 18, 55, 56, 92: return .networkConnectionLost  // HTTP/2, partial body, send, receive
            case 28: return .timedOut
            case 35, 77, 83: return .secureConnectionFailed
            case 42: return .cancelled
            case 47: return .httpTooManyRedirects
            case 52: return .badServerResponse  // CURLE_GOT_NOTHING
            case 60: return .serverCertificateUntrusted
            case 61: return .cannotDecodeContentData
            default: return .unknown
            }
        }
    }
#endif
