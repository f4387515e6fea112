#if os(Linux)
    import Glibc

    /// The cookies of one client's transfers, held by libcurl in memory and shared by every
    /// transfer of the client, as an ephemeral URLSession keeps them for its tasks: a session
    /// cookie a service hands out with its front page goes with the requests after it, and
    /// nothing is written to disk.
    ///
    /// Transfers on several threads use the jar at once; libcurl asks for a lock per kind of
    /// data it shares, and each kind has a mutex of its own (it may hold one kind's lock while
    /// it takes another's).
    final class CurlCookieJar: @unchecked Sendable {
        /// The share handle transfers attach with `CURLOPT_SHARE`.
        let handle: OpaquePointer
        private let library: CurlLibrary
        private let locks: UnsafeMutablePointer<pthread_mutex_t>
        private static let kinds = 8

        /// `void (CURL *, curl_lock_data, curl_lock_access, void *)`.
        private typealias Lock = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void
        /// `void (CURL *, curl_lock_data, void *)`.
        private typealias Unlock = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void

        private static let lock: Lock = { _, kind, _, locks in
            guard let locks, (0..<kinds).contains(Int(kind)) else { return }
            pthread_mutex_lock(locks.assumingMemoryBound(to: pthread_mutex_t.self) + Int(kind))
        }

        private static let unlock: Unlock = { _, kind, locks in
            guard let locks, (0..<kinds).contains(Int(kind)) else { return }
            pthread_mutex_unlock(locks.assumingMemoryBound(to: pthread_mutex_t.self) + Int(kind))
        }

        /// A new, empty jar; nil when libcurl cannot make one (the transfers then keep no cookies).
        init?(library: CurlLibrary) {
            guard let handle = library.shareInit() else { return nil }
            self.handle = handle
            self.library = library
            locks = .allocate(capacity: Self.kinds)
            for kind in 0..<Self.kinds { pthread_mutex_init(locks + kind, nil) }
            // CURLSHOPT_LOCKFUNC, CURLSHOPT_UNLOCKFUNC, CURLSHOPT_USERDATA, then CURLSHOPT_SHARE
            // of CURL_LOCK_DATA_COOKIE.
            _ = library.shareSetPointer(handle, 3, unsafeBitCast(Self.lock, to: UnsafeRawPointer.self))
            _ = library.shareSetPointer(handle, 4, unsafeBitCast(Self.unlock, to: UnsafeRawPointer.self))
            _ = library.shareSetPointer(handle, 5, UnsafeRawPointer(locks))
            _ = library.shareSetLong(handle, 1, 2)
        }

        // Every transfer holds the jar until its handle is cleaned up, so none uses it here.
        deinit {
            _ = library.shareCleanup(handle)
            for kind in 0..<Self.kinds { pthread_mutex_destroy(locks + kind) }
            locks.deallocate()
        }
    }
#endif
