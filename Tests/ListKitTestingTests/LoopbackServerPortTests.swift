import ListKitTesting
import Testing

/// A loopback server's port is never one an earlier server of the process had: a program's
/// throttle remembers a server's `Retry-After` by its port, for every process of the user, and
/// a later test whose server was given the same port found its requests held back.
@Suite struct LoopbackServerPortTests {
    @Test func noTwoServersOfAProcessListenOnOnePort() throws {
        // Enough servers, one after another, that ports the system hands out at random repeat.
        var ports: [Int: Int] = [:]
        for index in 0..<500 {
            let server = try LoopbackServer { _ in .respond(.init(text: "")) }
            server.stop()
            if let earlier = ports.updateValue(index, forKey: server.port) {
                Issue.record("servers \(earlier) and \(index) both listened on port \(server.port)")
                return
            }
        }
        #expect(ports.count == 500)
    }
}
