import BrowseSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (or `[::1]`) for tests: it answers each request with
/// what a handler says, including the faults a real network has (a dropped connection, a reset
/// in the middle of a body, a body cut short, a server that goes silent, a reply that is not
/// HTTP/1).
///
/// It has no delays measured in seconds: a test on a busy machine cannot know how long a
/// second of the client's takes. A server that must outlast a client's timeout says nothing
/// until the client has gone (``Behaviour/silent``, ``Response/stalled(after:)``), and a test
/// waits for what the server saw (`waitForRequests(_:timeout:)`), not for a time.
///
/// ```swift
/// let server = try LoopbackServer { request in
///     .respond(.init(status: 200, body: Array("hello".utf8)))
/// }
/// defer { server.stop() }
/// // fetch server.baseURL.appendingPathComponent("x")
/// ```
public final class LoopbackServer: Sendable {
    /// A request as the server saw it.
    public struct Request: Sendable, Hashable {
        public let method: String
        /// The path with its query (`/exchangeReport/STOCK_DAY?response=json`).
        public let target: String
        public let headers: [String: String]
        /// When the request arrived.
        public let receivedAt: Date
        /// What it sent after its headers (a POST's form), as many bytes as its
        /// `Content-Length` said; empty for a GET.
        public var body: [UInt8] = []

        /// The path without the query.
        public var path: String { String(target.prefix { $0 != "?" }) }

        /// A query parameter's value.
        public func query(_ name: String) -> String? {
            guard let question = target.firstIndex(of: "?") else { return nil }
            return Self.value(of: name, in: target[target.index(after: question)...], plusIsSpace: false)
        }

        /// A form field's value, from a body sent as `application/x-www-form-urlencoded`.
        public func form(_ name: String) -> String? {
            Self.value(of: name, in: String(decoding: body, as: UTF8.self)[...], plusIsSpace: true)
        }

        private static func value(of name: String, in pairs: Substring, plusIsSpace: Bool) -> String? {
            for pair in pairs.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.first.map(String.init) == name {
                    guard parts.count > 1 else { return "" }
                    let raw = String(parts[1])
                    return (plusIsSpace ? raw.replacingOccurrences(of: "+", with: " ") : raw).removingPercentEncoding
                }
            }
            return nil
        }
    }

    /// An answer, possibly a faulty one.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]
        /// Send only this many bytes of the body, then close (Content-Length still says all).
        public var cutAfter: Int?
        /// Reset the connection (TCP RST) instead of closing after the cut.
        public var resetAfterCut = false
        /// Send only this many bytes of the body, then nothing more until the client has gone.
        public var stallAfter: Int?
        /// Send the body this many times over, without a `Content-Length` (the end of the
        /// connection ends it), stopping early when the client goes: an endless body.
        public var repeatBody: Int?

        public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        public init(status: Int = 200, headers: [(String, String)] = [], text: String) {
            self.init(status: status, headers: headers, body: Array(text.utf8))
        }

        /// The page a server sends with HTTP 200 in place of data when it blocks a client (the
        /// Taiwan exchanges' "FOR SECURITY REASONS" page, which `CachedDownloader` recognises
        /// by default).
        public static let blockPage = Response(
            headers: [("Content-Type", "text/html")],
            text: "<html><body>FOR SECURITY REASONS, THIS PAGE CAN NOT BE ACCESSED!</body></html>")

        /// This answer cut after `bytes` of its body (its `Content-Length` still says all),
        /// closed, or reset when `reset` is true.
        public func cut(after bytes: Int, reset: Bool = false) -> Response {
            var cut = self
            cut.cutAfter = bytes
            cut.resetAfterCut = reset
            return cut
        }

        /// This answer's head and the first `bytes` of its body, then nothing more until the
        /// client closes the connection (or the server stops): a body that stops coming, which
        /// only the client's own deadline can end.
        public func stalled(after bytes: Int) -> Response {
            var stalled = self
            stalled.stallAfter = bytes
            return stalled
        }
    }

    /// What the server does with a request.
    public enum Behaviour: Sendable {
        case respond(Response)
        /// Close the connection without a word.
        case drop
        /// Send these bytes as the whole answer, with no status line or headers, then close:
        /// an HTTP/0.9 reply, or something that is not HTTP at all.
        case raw([UInt8])
        /// Say nothing, and keep the connection open until the client closes it (or the server
        /// stops): a silent server that outlasts any timeout, so that only the client's own
        /// timeout, or its cancelling, can end the request.
        case silent
    }

    /// The loopback address a server listens on.
    public enum ListenAddress: Sendable, Hashable {
        /// 127.0.0.1.
        case ipv4
        /// ::1.
        case ipv6
    }

    private let listener: Int32
    public let port: Int
    /// Where the server listens.
    public let address: ListenAddress
    private let handler: @Sendable (Request) -> Behaviour
    private let log = Mutex<[Request]>([])
    private let running = Mutex(true)

    /// Starts a server on a free port of 127.0.0.1.
    public convenience init(handler: @escaping @Sendable (Request) -> Behaviour) throws {
        try self.init(listeningOn: .ipv4, handler: handler)
    }

    /// Starts a server on a free port of `address`.
    ///
    /// - Throws: `ServerError` when no socket can listen there (an IPv6 address on a machine
    ///   without IPv6).
    public init(listeningOn address: ListenAddress, handler: @escaping @Sendable (Request) -> Behaviour) throws {
        self.handler = handler
        self.address = address
        (listener, port) = try Self.listeningSocket(on: address)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The ports the servers of this process have listened on.
    private static let portsGiven = Mutex<Set<Int>>([])

    /// A socket listening on a free port of `address` that no earlier server of the process had
    /// (after 64 tries, any free port). A program's throttle remembers a server's `Retry-After`
    /// by its port, for every process of the user: a later test's server given the same port
    /// found itself held back by an earlier test's. The ports refused are held until a new one
    /// comes, so the system does not give them again.
    private static func listeningSocket(on address: ListenAddress) throws -> (socket: Int32, port: Int) {
        var refused: [Int32] = []
        defer { for socketFD in refused { close(socketFD) } }
        while true {
            let socketFD = socket(address == .ipv4 ? AF_INET : AF_INET6, streamType, 0)
            guard socketFD >= 0 else { throw ServerError.socket(errno) }
            closeOnExec(socketFD)
            var yes: Int32 = 1
            setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            let bound: Int?
            switch address {
            case .ipv4: bound = bindIPv4(socketFD)
            case .ipv6: bound = bindIPv6(socketFD)
            }
            guard let bound, listen(socketFD, 64) == 0 else {
                let code = errno
                close(socketFD)
                throw ServerError.socket(code)
            }
            let fresh = portsGiven.withLock { $0.insert(bound).inserted }
            if fresh || refused.count >= 64 { return (socketFD, bound) }
            refused.append(socketFD)
        }
    }

    /// Binds `socketFD` to a free port of 127.0.0.1, and returns the port.
    static func bindIPv4(_ socketFD: Int32) -> Int? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Binds `socketFD` to a free port of ::1 (IPv6 only), and returns the port.
    private static func bindIPv6(_ socketFD: Int32) -> Int? {
        var only: Int32 = 1
        setsockopt(socketFD, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = 0
        guard inet_pton(AF_INET6, "::1", &address.sin6_addr) == 1 else { return nil }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin6_port))
    }

    /// `http://127.0.0.1:PORT`, or `http://[::1]:PORT`.
    public var baseURL: URL {
        let host = address == .ipv4 ? "127.0.0.1" : "[::1]"
        return URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Every request received so far, in order.
    public var requests: [Request] { log.withLock { $0 } }

    /// Waits until the server has received `count` requests in all.
    ///
    /// - Parameters:
    ///   - count: How many requests, counted from the server's start.
    ///   - timeout: A watchdog for a test that would otherwise hang, not a measure: generous,
    ///     so that a busy machine never reaches it.
    /// - Throws: ``ServerError/notReceived(_:seconds:received:)`` when `timeout` passes first.
    public func waitForRequests(_ count: Int = 1, timeout: Duration = .seconds(60)) throws(ServerError) {
        try waitUntil("\(count) request(s)", timeout: timeout) { $0.count >= count }
    }

    /// Waits until the server has received `count` requests in all, without holding a thread.
    ///
    /// - Parameters:
    ///   - count: How many requests, counted from the server's start.
    ///   - timeout: A watchdog for a test that would otherwise hang, not a measure.
    /// - Throws: ``ServerError/notReceived(_:seconds:received:)`` when `timeout` passes first.
    public func waitForRequests(_ count: Int = 1, timeout: Duration = .seconds(60)) async throws(ServerError) {
        try await waitUntil("\(count) request(s)", timeout: timeout) { $0.count >= count }
    }

    /// Waits until the requests received so far satisfy `condition`.
    ///
    /// - Parameters:
    ///   - what: What is awaited, for the error (`a request for March`).
    ///   - timeout: A watchdog for a test that would otherwise hang, not a measure.
    ///   - condition: Whether the requests so far, in order, are what is awaited.
    /// - Throws: ``ServerError/notReceived(_:seconds:received:)`` when `timeout` passes first.
    public func waitUntil(
        _ what: String, timeout: Duration = .seconds(60), _ condition: ([Request]) -> Bool
    ) throws(ServerError) {
        let deadline = ContinuousClock.now + timeout
        while !condition(requests) {
            guard ContinuousClock.now < deadline else { throw notReceived(what, timeout) }
            usleep(10_000)
        }
    }

    /// Waits, without holding a thread, until the requests received so far satisfy `condition`.
    ///
    /// - Parameters:
    ///   - what: What is awaited, for the error (`a request for March`).
    ///   - timeout: A watchdog for a test that would otherwise hang, not a measure.
    ///   - isolation: Where `condition` runs: the caller's actor, by default.
    ///   - condition: Whether the requests so far, in order, are what is awaited.
    /// - Throws: ``ServerError/notReceived(_:seconds:received:)`` when `timeout` passes first,
    ///   or the waiting task is cancelled.
    public func waitUntil(
        _ what: String, timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
        _ condition: ([Request]) -> Bool
    ) async throws(ServerError) {
        let deadline = ContinuousClock.now + timeout
        while !condition(requests) {
            guard ContinuousClock.now < deadline, !Task.isCancelled else { throw notReceived(what, timeout) }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    private func notReceived(_ what: String, _ timeout: Duration) -> ServerError {
        .notReceived(what, seconds: Int(timeout.components.seconds), received: requests.map(\.target))
    }

    /// Stops accepting connections. Calling it again does nothing.
    ///
    /// The listening socket is shut down here and closed once, by the accepting thread as it
    /// leaves: closed here, its number could be given to another socket of the process (another
    /// server's, or a client's) while that thread is about to call `accept` on it, or be closed a
    /// second time by a second `stop`, cutting a connection that is not this server's.
    public func stop() {
        running.withLock { running in
            guard running else { return }
            running = false
            // Under the lock, so the accepting thread cannot have closed the socket yet.
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    deinit {
        if running.withLock({ $0 }) { stop() }
    }

    /// A stream socket that a child process started by the tests does not inherit: one that
    /// did would keep a closed connection open (no end of file reaches the client) and a
    /// stopped server listening (connections wait instead of being refused).
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
        static let streamType = SOCK_STREAM
    #endif

    /// Marks `descriptor` close-on-exec (the C library here has no `accept4` for Swift).
    static func closeOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private func acceptLoop() {
        defer {
            running.withLock { $0 = false }
            close(listener)
        }
        while running.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Self.closeOnExec(connection)
            guard running.withLock({ $0 }) else {
                close(connection)
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else {
            close(connection)
            return
        }
        log.withLock { $0.append(request) }
        switch handler(request) {
        case .drop:
            close(connection)
        case .raw(let bytes):
            _ = write(bytes, to: connection)
            close(connection)
        case .silent:
            holdUntilClientLeaves(connection)
            close(connection)
        case .respond(let response):
            send(response, to: connection)
        }
    }

    /// Returns when the client has closed (or reset) `connection`, or the server has stopped;
    /// whatever the client sends meanwhile is read and dropped.
    private func holdUntilClientLeaves(_ connection: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        // Woken now and then only to notice a `stop`: the client's leaving wakes it at once.
        while running.withLock({ $0 }) {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready < 0, errno != EINTR { return }
            guard ready > 0 else { continue }
            let count = scratch.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        func receive() -> Bool {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return false }
            bytes += chunk[0..<count]
            return true
        }
        while bytes.count < 65_536 {
            guard receive() else { return nil }
            guard let end = Self.headEnd(bytes), let text = String(bytes: bytes[..<end], encoding: .utf8) else {
                continue
            }
            let head = text.components(separatedBy: "\r\n")
            let parts = head.first?.split(separator: " ") ?? []
            guard parts.count >= 2 else { return nil }
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            // A body as long as the request says, up to the same cap as the head.
            let length = min(65_536, max(0, headers["content-length"].flatMap { Int($0) } ?? 0))
            while bytes.count < end + 4 + length {
                guard receive() else { break }
            }
            var request = Request(
                method: String(parts[0]), target: String(parts[1]), headers: headers, receivedAt: Date())
            request.body = Array(bytes.dropFirst(end + 4).prefix(length))
            return request
        }
        return nil
    }

    /// Where the head of a request ends (the index of its blank line's `\r\n\r\n`), if it has.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A {
            return index
        }
        return nil
    }

    private func send(_ response: Response, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var hasLength = false
        for (name, value) in response.headers {
            head += "\(name): \(value)\r\n"
            if name.lowercased() == "content-length" { hasLength = true }
        }
        if !hasLength, response.repeatBody == nil { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        guard write(Array(head.utf8), to: connection) else {
            close(connection)
            return
        }
        let body = response.cutAfter.map { Array(response.body.prefix($0)) } ?? response.body
        if let times = response.repeatBody {
            for _ in 0..<times {
                guard write(body, to: connection) else { break }
            }
        } else if let stall = response.stallAfter {
            if write(Array(body.prefix(stall)), to: connection) { holdUntilClientLeaves(connection) }
        } else {
            _ = write(body, to: connection)
        }
        if response.cutAfter != nil, response.resetAfterCut {
            SystemIO.resetOnClose(connection)
        }
        close(connection)
    }

    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try SystemIO.sendAll(connection, buffer) }
        }
        return (try? outcome.get()) != nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// The server could not start, or a wait for its requests reached its watchdog.
    public enum ServerError: Error, CustomStringConvertible {
        /// The server could not start: the system's error number.
        case socket(Int32)
        /// A wait's watchdog passed before the server received what was awaited; `received`
        /// is each request's target, in order.
        case notReceived(String, seconds: Int, received: [String])

        public var description: String {
            switch self {
            case .socket(let code):
                return "loopback server: \(SystemError(code: code))"
            case .notReceived(let what, let seconds, let received):
                let seen = received.isEmpty ? "nothing" : received.joined(separator: ", ")
                return "loopback server: waited \(seconds) s for \(what); it received \(seen)"
            }
        }
    }
}

/// A port of 127.0.0.1 that refuses connections, for as long as it is held: bound, so that no
/// server started meanwhile takes it (as one may take the port of a server that stopped), but
/// not listening.
public final class RefusedPort: Sendable {
    /// The port's number.
    public let port: Int
    private let socketFD: Int32

    /// Binds a free port of 127.0.0.1 without listening on it.
    ///
    /// - Throws: `LoopbackServer.ServerError` when no socket can be bound.
    public init() throws {
        let socketFD = socket(AF_INET, LoopbackServer.streamType, 0)
        guard socketFD >= 0 else { throw LoopbackServer.ServerError.socket(errno) }
        LoopbackServer.closeOnExec(socketFD)
        guard let bound = LoopbackServer.bindIPv4(socketFD) else {
            let code = errno
            close(socketFD)
            throw LoopbackServer.ServerError.socket(code)
        }
        self.socketFD = socketFD
        port = bound
    }

    deinit { close(socketFD) }
}
