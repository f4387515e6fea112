#if os(Linux)
    import Foundation

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
