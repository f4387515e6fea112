#if os(Linux)
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
        static let cookieFile: Int32 = 10031
        static let share: Int32 = 10100
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
#endif
