#if os(Linux)
    import Foundation
    import Synchronization

    /// One request sent with libcurl on a thread of its own, its answer handed to a
    /// `DownloadState` as it arrives: the headers when they are complete, the body in the
    /// pieces libcurl reads (after any decompression), the end or the failure as a URL error.
    ///
    /// libcurl never follows a redirect here (the client does, through its throttle); a
    /// redirect's answer is noted and its body dropped. The transfer stops when the state is
    /// cancelled: every callback checks, and the progress callback runs at least once a second.
    final class CurlTransfer: @unchecked Sendable {
        private let library: CurlLibrary
        private let request: TransferRequest
        private let state: DownloadState
        private let cookies: CurlCookieJar?
        /// The answer's status line and headers so far; touched only by libcurl's thread.
        private var status = 0
        private var headers: [String: String] = [:]
        private var headDelivered = false
        private var redirecting = false

        private init(library: CurlLibrary, request: TransferRequest, cookies: CurlCookieJar?, state: DownloadState) {
            self.library = library
            self.request = request
            self.cookies = cookies
            self.state = state
        }

        /// Loads libcurl if no transfer has yet.
        ///
        /// - Returns: The library.
        /// - Throws: `FetchError.failed` naming the library when it cannot be loaded.
        static func prepare(host: String) throws(FetchError) -> CurlLibrary {
            do {
                return try CurlLibrary.shared()
            } catch {
                throw .failed(
                    host: host,
                    reason: "the HTTP library libcurl could not be loaded (\(error.reason)); install libcurl4")
            }
        }

        /// Starts `request` on a thread of its own, keeping and sending cookies in `cookies`;
        /// its outcome reaches `state`.
        static func start(
            _ request: TransferRequest, library: CurlLibrary, cookies: CurlCookieJar?, state: DownloadState
        ) {
            let transfer = CurlTransfer(library: library, request: request, cookies: cookies, state: state)
            Thread { transfer.run() }.start()
        }

        private func run() {
            let code = perform()
            if code == 0 {
                state.complete(error: nil)
            } else {
                state.complete(error: URLError(CurlResult.urlErrorCode(code, answered: status != 0)))
            }
        }

        private func perform() -> Int32 {
            guard let handle = library.easyInit() else { return 27 }  // CURLE_OUT_OF_MEMORY
            defer { library.easyCleanup(handle) }
            var headerList: OpaquePointer?
            defer { library.slistFreeAll(headerList) }
            let me = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
            let setLong = library.setLong
            let setPointer = library.setPointer
            let idle = max(1, request.idleTimeout)
            _ = setLong(handle, CurlOption.noSignal, 1)
            _ = setLong(handle, CurlOption.followLocation, 0)
            // Nothing for the idle timeout, while connecting or after, ends the transfer.
            _ = setLong(handle, CurlOption.connectTimeout, idle)
            _ = setLong(handle, CurlOption.lowSpeedLimit, 1)
            _ = setLong(handle, CurlOption.lowSpeedTime, idle)
            _ = setLong(handle, CurlOption.noProgress, 0)
            if let cookies {
                // An empty file name starts libcurl's cookie engine without reading any file.
                _ = "".withCString { setPointer(handle, CurlOption.cookieFile, $0) }
                _ = setPointer(handle, CurlOption.share, UnsafeRawPointer(cookies.handle))
            }
            _ = setPointer(handle, CurlOption.writeFunction, unsafeBitCast(Self.onBody, to: UnsafeRawPointer.self))
            _ = setPointer(handle, CurlOption.writeData, me)
            _ = setPointer(handle, CurlOption.headerFunction, unsafeBitCast(Self.onHeader, to: UnsafeRawPointer.self))
            _ = setPointer(handle, CurlOption.headerData, me)
            let progress = unsafeBitCast(Self.onProgress, to: UnsafeRawPointer.self)
            _ = setPointer(handle, CurlOption.progressFunction, progress)
            _ = setPointer(handle, CurlOption.progressData, me)
            // An empty list of encodings: every one libcurl can decompress is offered, and
            // the body arrives decompressed.
            _ = "".withCString { setPointer(handle, CurlOption.acceptEncoding, $0) }
            _ = request.userAgent.withCString { setPointer(handle, CurlOption.userAgent, $0) }
            // No `Expect: 100-continue` wait before a body.
            headerList = "Expect:".withCString { library.slistAppend(headerList, $0) }
            if let body = request.body {
                headerList = "Content-Type: \(body.contentType)".withCString { library.slistAppend(headerList, $0) }
                _ = setLong(handle, CurlOption.post, 1)
                _ = setLong(handle, CurlOption.postFieldSize, body.bytes.count)
                // libcurl copies the body, so the bytes need live only for this call.
                _ = (body.bytes + [0]).withUnsafeBytes { setPointer(handle, CurlOption.copyPostFields, $0.baseAddress) }
            } else {
                _ = setLong(handle, CurlOption.httpGet, 1)
            }
            _ = setPointer(handle, CurlOption.httpHeader, headerList.map { UnsafeRawPointer($0) })
            let setURL = request.url.absoluteString.withCString { setPointer(handle, CurlOption.url, $0) }
            guard setURL == 0 else { return setURL }
            return withExtendedLifetime(self) { library.easyPerform(handle) }
        }

        // MARK: libcurl's callbacks

        private static let onBody: CurlLibrary.DataCallback = { pointer, size, count, me in
            guard let me else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
            return transfer.body(UnsafeRawBufferPointer(start: pointer, count: size * count))
        }

        private static let onHeader: CurlLibrary.DataCallback = { pointer, size, count, me in
            guard let me else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
            return transfer.header(UnsafeRawBufferPointer(start: pointer, count: size * count))
        }

        private static let onProgress: CurlLibrary.ProgressCallback = { me, _, _, _, _ in
            guard let me else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().state.isCancelled ? 1 : 0
        }

        /// Bytes of the body: kept, or the transfer stopped (returning less than was given).
        private func body(_ bytes: UnsafeRawBufferPointer) -> Int {
            if state.isCancelled { return 0 }
            if redirecting { return bytes.count }
            guard state.received(data: bytes) else {
                state.cancel()
                return 0
            }
            return bytes.count
        }

        /// One line of the answer's head: a status line starts a new answer (after `100
        /// Continue`), the empty line ends it.
        private func header(_ bytes: UnsafeRawBufferPointer) -> Int {
            if state.isCancelled { return 0 }
            if headDelivered { return bytes.count }  // trailers
            let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("HTTP/") {
                let parts = line.split(separator: " ", maxSplits: 2)
                status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                headers = [:]
            } else if line.isEmpty {
                guard status >= 200 else { return bytes.count }  // an interim answer
                headDelivered = true
                return endOfHead() ? bytes.count : 0
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return bytes.count
        }

        /// The head is complete: a redirect is noted for the client to follow, any other answer
        /// handed over.
        ///
        /// - Returns: False when the transfer must stop (a length past the limit).
        private func endOfHead() -> Bool {
            if [301, 302, 303, 307, 308].contains(status), let location = headers["location"] {
                redirecting = true
                if let next = URL(string: location, relativeTo: request.url)?.absoluteURL {
                    state.noteRedirect(to: next, keepsMethod: status == 307 || status == 308)
                } else {
                    state.refuseRedirect(to: location)
                }
                return true
            }
            guard state.received(response: ResponseHead(status: status, headers: headers)) else {
                state.cancel()
                return false
            }
            return true
        }
    }
#endif
