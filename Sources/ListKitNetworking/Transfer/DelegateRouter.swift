#if !os(Linux)
    import Foundation
    import Synchronization

    /// Sends each task's delegate calls to its `DownloadState`.
    final class DelegateRouter: NSObject, URLSessionDataDelegate, Sendable {
        private let states = Mutex<[Int: DownloadState]>([:])

        func register(_ task: URLSessionTask, _ state: DownloadState) {
            states.withLock { $0[task.taskIdentifier] = state }
        }

        func unregister(_ state: DownloadState) {
            states.withLock { states in states = states.filter { $0.value !== state } }
        }

        private func state(_ task: URLSessionTask) -> DownloadState? {
            states.withLock { $0[task.taskIdentifier] }
        }

        private static func head(_ response: URLResponse) -> ResponseHead {
            guard let http = response as? HTTPURLResponse else { return ResponseHead(status: 0, headers: [:]) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return ResponseHead(status: http.statusCode, headers: headers)
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let keepGoing = state(dataTask)?.received(response: Self.head(response)) ?? true
            completionHandler(keepGoing ? .allow : .cancel)
            if !keepGoing { state(dataTask)?.cancel() }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard let state = state(dataTask) else { return }
            let kept = data.withUnsafeBytes { state.received(data: $0) }
            if !kept { state.cancel() }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            // The client follows a redirect itself, with a request of its own that waits for the
            // throttle; URLSession ends this one with the redirect's answer.
            if let url = request.url, let state = state(task) {
                state.noteRedirect(to: url, keepsMethod: response.statusCode == 307 || response.statusCode == 308)
            } else {
                state(task)?.refuseRedirect(to: request.url?.absoluteString ?? "?")
            }
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            state(task)?.complete(error: error)
        }
    }
#endif
