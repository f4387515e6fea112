import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a test waited for did not happen before its watchdog.
struct NeverHappened: Error, CustomStringConvertible {
    var what: String
    var seconds: Double
    var description: String { "waited \(Int(seconds)) s for \(what)" }
}

/// Waits until `condition` holds: an event, never a guessed time. The watchdog only keeps a
/// broken program from hanging the tests, so it is generous enough that a busy machine never
/// reaches it.
///
/// - Throws: `NeverHappened`, naming `what`, when the watchdog passes first.
func waitUntil(_ what: String, timeout: Double = 60, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw NeverHappened(what: what, seconds: timeout) }
        usleep(10_000)
    }
}

extension Process {
    /// Waits for the process to end, under a watchdog; past it the process is killed.
    ///
    /// - Parameter what: What ends it (`Ctrl-C during the index`), for the error.
    /// - Throws: `NeverHappened` when the watchdog passes first.
    func waitForExit(after what: String, timeout: Double = 60) throws {
        do {
            try waitUntil("browse to end after \(what)", timeout: timeout) { !isRunning }
        } catch {
            kill(processIdentifier, SIGKILL)
            waitUntilExit()
            throw error
        }
        waitUntilExit()
    }
}

/// Whether process `pid` has `path` mapped into memory (Linux): browse maps a file to index it.
func hasMapped(_ path: String, pid: pid_t) -> Bool {
    guard let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8) else { return false }
    return maps.split(separator: "\n").contains { $0.hasSuffix(" " + path) }
}
