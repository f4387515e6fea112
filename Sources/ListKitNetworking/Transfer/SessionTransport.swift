#if !os(Linux)
    import Foundation
    import Synchronization

    /// Sends requests with URLSession (where it is the system's own HTTP stack), one session
    /// made on first use and kept for the run.
    final class SessionTransport: Sendable {
        private let configuration: URLSessionConfiguration
        private let router = DelegateRouter()
        private let sessionBox = Mutex<URLSession?>(nil)

        init(idleTimeout: Int, deadline: Int, userAgent: String) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = TimeInterval(max(1, idleTimeout))
            configuration.timeoutIntervalForResource = TimeInterval(max(1, deadline))
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
            self.configuration = configuration
        }

        // No `deinit` invalidating the session: a URLSession torn down while others work can
        // close or watch their sockets, and requests of other clients then hang.

        private var session: URLSession {
            sessionBox.withLock { session in
                if let session { return session }
                let made = URLSession(configuration: configuration, delegate: router, delegateQueue: FlowControlQueue())
                session = made
                return made
            }
        }

        /// Nothing to load: URLSession is part of the system.
        func prepare() throws(FetchError) {}

        /// Starts `request`; its outcome reaches `state`.
        func start(_ request: TransferRequest, state: DownloadState) {
            var urlRequest = URLRequest(url: request.url)
            if let body = request.body {
                urlRequest.httpMethod = "POST"
                urlRequest.httpBody = Data(body.bytes)
                urlRequest.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
            }
            let task = session.dataTask(with: urlRequest)
            router.register(task, state)
            state.attach { task.cancel() }
            task.resume()
        }

        /// Forgets the request's task once its outcome is in.
        func finish(_ state: DownloadState) {
            router.unregister(state)
        }
    }
#endif
