#if os(Linux)
    import Glibc
    import Synchronization

    /// libcurl, the C library URLSession itself uses on Linux, loaded with `dlopen` when the
    /// first download starts: a run that never downloads loads none of it (nor the TLS,
    /// Kerberos and other libraries it brings, about thirty).
    ///
    /// Only the few functions a transfer needs are looked up. `curl_easy_setopt` is variadic;
    /// it is called through one fixed-argument type per kind of value (a `long`, a pointer),
    /// which pass their arguments in the same registers as the variadic call on x86_64 and
    /// arm64 (none is a floating-point value).
    struct CurlLibrary: @unchecked Sendable {
        typealias Handle = OpaquePointer
        typealias SetLong = @convention(c) (Handle?, Int32, Int) -> Int32
        typealias SetPointer = @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
        /// `size_t (char *, size_t, size_t, void *)`: the write and header callbacks.
        typealias DataCallback =
            @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
        /// `int (void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)`: the progress callback.
        typealias ProgressCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

        let easyInit: @convention(c) () -> Handle?
        let easyCleanup: @convention(c) (Handle?) -> Void
        let easyPerform: @convention(c) (Handle?) -> Int32
        let setLong: SetLong
        let setPointer: SetPointer
        typealias SlistAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?

        let slistAppend: SlistAppend
        let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
        let shareInit: @convention(c) () -> OpaquePointer?
        let shareCleanup: @convention(c) (OpaquePointer?) -> Int32
        let shareSetLong: @convention(c) (OpaquePointer?, Int32, Int) -> Int32
        let shareSetPointer: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32

        /// The names the library goes by: the distribution's default build, then the GnuTLS one.
        static let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"]

        private static let loaded = Mutex<Result<CurlLibrary, CurlLoadError>?>(nil)

        /// The library, loaded (and initialised for threads) on first use and kept for the run.
        ///
        /// - Throws: `CurlLoadError` when no libcurl is installed or it lacks a function.
        static func shared() throws(CurlLoadError) -> CurlLibrary {
            let result = loaded.withLock { loaded in
                if let loaded { return loaded }
                let made = Result { () throws(CurlLoadError) in try load() }
                loaded = made
                return made
            }
            return try result.get()
        }

        private static func load() throws(CurlLoadError) -> CurlLibrary {
            var handle: UnsafeMutableRawPointer?
            var reasons: [String] = []
            for name in names {
                handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
                if handle != nil { break }
                reasons.append(dlerror().map { String(cString: $0) } ?? name)
            }
            guard let handle else { throw CurlLoadError(reason: reasons.first ?? "not found") }
            func symbol<T>(_ name: String, as type: T.Type) throws(CurlLoadError) -> T {
                guard let address = dlsym(handle, name) else {
                    throw CurlLoadError(reason: "it has no function \(name)")
                }
                return unsafeBitCast(address, to: type)
            }
            let globalInit = try symbol("curl_global_init", as: (@convention(c) (Int) -> Int32).self)
            // CURL_GLOBAL_ALL, once, before any thread makes a handle: the call is not thread-safe.
            guard globalInit(3) == 0 else { throw CurlLoadError(reason: "it could not be initialised") }
            return CurlLibrary(
                easyInit: try symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
                easyCleanup: try symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
                easyPerform: try symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> Int32).self),
                setLong: try symbol("curl_easy_setopt", as: SetLong.self),
                setPointer: try symbol("curl_easy_setopt", as: SetPointer.self),
                slistAppend: try symbol("curl_slist_append", as: SlistAppend.self),
                slistFreeAll: try symbol("curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self),
                shareInit: try symbol("curl_share_init", as: (@convention(c) () -> OpaquePointer?).self),
                shareCleanup: try symbol("curl_share_cleanup", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                shareSetLong: try symbol(
                    "curl_share_setopt", as: (@convention(c) (OpaquePointer?, Int32, Int) -> Int32).self),
                shareSetPointer: try symbol(
                    "curl_share_setopt", as: (@convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32).self))
        }
    }

    /// Why libcurl could not be loaded.
    struct CurlLoadError: Error, Sendable {
        /// What `dlopen` or the lookup said.
        let reason: String
    }
#endif
