import Foundation
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The budget a URL's requests count against: one per server, however its name is spelled.
///
/// The host is lower-cased, without a final dot or an IPv6 address's brackets, and paired with
/// the port (the scheme's when the URL names none): `LOCALHOST.:8080` and `localhost:8080` are
/// one budget. Every name of this machine — `127.0.0.1`, `[::1]`, `localhost`, a name that
/// resolves to a loopback address — shares one, `localhost:PORT`, since one server hears them all.
package enum ThrottleBudget {
    /// The budget of `url`'s requests (`www.twse.com.tw:443`, `localhost:8080`).
    ///
    /// A name that is not an address is looked up once per process (on a thread of its own, so
    /// a slow resolver holds no task's thread), to see whether it names this machine.
    package static func key(for url: URL) async -> String {
        let (host, port) = parts(of: url)
        if HTTPClient.isLoopback(host) { return "localhost:\(port)" }
        if isAddress(host) || host.isEmpty { return "\(host):\(port)" }
        return await resolvesToLoopback(host) ? "localhost:\(port)" : "\(host):\(port)"
    }

    /// The host as a budget spells it, and the port.
    static func parts(of url: URL) -> (host: String, port: Int) {
        var host = (url.host ?? "").lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        let port = url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443)
        return (host, port)
    }

    private static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    private static let lookedUp = Mutex<[String: Bool]>([:])

    private static func resolvesToLoopback(_ host: String) async -> Bool {
        if let known = lookedUp.withLock({ $0[host] }) { return known }
        let loopback = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: lookUp(host)) }.start()
        }
        lookedUp.withLock { $0[host] = loopback }
        return loopback
    }

    /// True when any address of `host` is a loopback one: requests to it reach this machine.
    private static func lookUp(_ host: String) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                if current.pointee.ai_family == AF_INET {
                    let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    if UInt32(bigEndian: v4.s_addr) >> 24 == 127 { return true }
                } else if current.pointee.ai_family == AF_INET6 {
                    var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    let isLoopback = withUnsafeBytes(of: &v6) { bytes in
                        bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
                    }
                    if isLoopback { return true }
                }
            }
            entry = current.pointee.ai_next
        }
        return false
    }
}
