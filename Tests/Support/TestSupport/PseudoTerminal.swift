import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program running in a pseudo-terminal, as if a person had started it in a terminal
/// window: it can be typed at, its screen read, its window resized and its terminal settings
/// compared before and after.
///
/// The terminal is made with `openpty`; the program is started in a new session with the
/// terminal as its controlling terminal (`login_tty`, the second half of `forkpty`), so
/// Ctrl-C, Ctrl-Z and a hang-up reach it from the terminal as they would from a window.
/// The test keeps its own descriptor of the terminal's far end open, to read the settings
/// (`tcgetattr`) at any time, even after the program has ended.
public final class PseudoTerminal {
    /// How the program ended.
    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signalled(let number): return "signal \(number)"
            }
        }
    }

    /// A wait that ended without what it waited for: what that was, and the screen so far.
    public struct Timeout: Error, CustomStringConvertible {
        public var waitedFor: String
        public var screen: String
        /// Where the program was when the wait ended (``PseudoTerminal/processReport()``).
        public var process = ""
        public var description: String {
            "timed out waiting for \(waitedFor.debugDescription); \(process)\nscreen so far:\n\(screen)"
        }
    }

    /// The program's process.
    public let pid: pid_t
    /// The terminal's settings before the program started.
    public let settingsBefore: termios
    private let master: Int32
    private let slave: Int32
    private var bytes: [UInt8] = []
    /// Where the last `waitFor` found its text: later waits look after it.
    private var mark = 0
    private var ending: Ending?

    /// Starts `executable` with `arguments` in a terminal of `columns` × `rows`.
    ///
    /// - Parameters:
    ///   - standardInput: A file to give the program as standard input instead of the
    ///     terminal (as `cat data | browse -` would); the terminal stays its controlling one.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], columns: Int = 80,
        rows: Int = 24, directory: String? = nil, standardInput: String? = nil
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        var before = termios()
        tcgetattr(slave, &before)
        settingsBefore = before
        // Everything the child needs is made before the fork: after it, only async-signal-safe calls.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        guard let path = strdup(executable) else { throw POSIXError(.ENOMEM) }
        let folder = directory.flatMap { strdup($0) }
        let input = standardInput.flatMap { strdup($0) }
        defer {
            for pointer in argv + envp + [folder, input] { free(pointer) }
            free(path)
        }
        // The child keeps only its terminal: a socket or pipe of another test, inherited, would
        // stay open for as long as this program runs.
        let highest = Int32(min(sysconf(Int32(_SC_OPEN_MAX)), 65_536))
        let child = fork()
        if child == 0 {
            // Start as a shell would start it: no signal blocked or ignored (the test's threads
            // block some, and a blocked mask survives exec).
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            for number in Int32(1)..<32 where number != SIGKILL && number != SIGSTOP { signal(number, SIG_DFL) }
            close(master)
            if login_tty(slave) != 0 { _exit(126) }
            if let input {
                let descriptor = open(input, O_RDONLY)
                if descriptor < 0 { _exit(126) }
                dup2(descriptor, 0)
                close(descriptor)
            }
            if let folder, chdir(folder) != 0 { _exit(126) }
            for descriptor in 3..<max(3, highest) { close(descriptor) }
            execve(path, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw POSIXError(.EAGAIN) }
        pid = child
        self.master = master
        self.slave = slave
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        close(slave)
    }

    /// Everything the program has written so far, as text (escape sequences and all).
    public var screen: String { String(decoding: bytes, as: UTF8.self) }

    /// Types `text`: its bytes go to the program as if typed.
    public func type(_ text: String) {
        send(Array(text.utf8))
    }

    /// Sends `data` to the program as if typed (control keys: `[0x03]` is Ctrl-C).
    public func send(_ data: [UInt8]) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = write(master, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Reads until the screen, after the previous wait's find, shows `text`.
    ///
    /// - Returns: The screen from the previous find to the end of this one.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 90) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Array(text.utf8)
        while true {
            if let found = find(needle, from: mark) {
                let seen = String(decoding: bytes[mark..<found], as: UTF8.self)
                mark = found
                return seen
            }
            guard Date() < deadline else { throw Timeout(waitedFor: text, screen: screen, process: processReport()) }
            readAvailable(waitingUpTo: 50)
        }
    }

    /// Reads until the screen, after the previous wait's find, shows the message `text`, which
    /// a terminal's width may have broken at spaces into indented lines.
    ///
    /// - Returns: The screen from the previous find to the end of this one, its lines joined.
    @discardableResult
    public func waitForMessage(_ text: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Array(text.utf8)
        let continuation: [UInt8] = [0x0D, 0x0A, 0x20, 0x20]
        while true {
            // The screen since the mark with each line break that continues a message read as
            // the space it replaced, and where each of its bytes was.
            var joined: [UInt8] = []
            var origins: [Int] = []
            var index = mark
            while index < bytes.count {
                if bytes[index] == 0x0D, index + 4 <= bytes.count, Array(bytes[index..<index + 4]) == continuation {
                    joined.append(0x20)
                    origins.append(index + 3)
                    index += 4
                    continue
                }
                joined.append(bytes[index])
                origins.append(index)
                index += 1
            }
            if let found = Self.find(needle, in: joined) {
                let end = origins[found + needle.count - 1] + 1
                let seen = String(decoding: joined[0..<found], as: UTF8.self)
                mark = end
                return seen
            }
            guard Date() < deadline else { throw Timeout(waitedFor: text, screen: screen, process: processReport()) }
            readAvailable(waitingUpTo: 50)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }

    /// Sends `number` and waits until the program has taken it (it is no longer pending), so
    /// that a second one sent next is not merged with it; reads the screen meanwhile (Linux).
    public func sendSignalAndWaitUntilTaken(_ number: Int32, timeout: Double = 90) throws {
        kill(pid, number)
        let bit = UInt64(1) << UInt64(number - 1)
        let deadline = Date().addingTimeInterval(timeout)
        while pendingSignals() & bit != 0 {
            guard Date() < deadline else {
                throw Timeout(waitedFor: "signal \(number) to be taken", screen: screen, process: processReport())
            }
            readAvailable(waitingUpTo: 10)
        }
    }

    /// The signals pending for the program, for the process or its main thread.
    private func pendingSignals() -> UInt64 {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        var pending: UInt64 = 0
        for line in status.split(separator: "\n") where line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:") {
            let value = line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""
            pending |= UInt64(value, radix: 16) ?? 0
        }
        return pending
    }

    /// Text written since the last `waitFor`.
    public var sinceLastFind: String { String(decoding: bytes[mark...], as: UTF8.self) }

    /// The terminal's settings now.
    public func settings() -> termios {
        var now = termios()
        tcgetattr(slave, &now)
        return now
    }

    /// Resizes the window: the terminal's size changes and the kernel sends the program SIGWINCH.
    ///
    /// Once: a second SIGWINCH sent by hand could start a second redraw while the test types
    /// its next keys, which would then meet the terminal in its ordinary mode (Ctrl-U erasing
    /// nothing, for one).
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Sends the program signal `number`.
    public func sendSignal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the program to end, reading its output meanwhile.
    public func waitForEnd(timeout: Double = 90) throws -> Ending {
        if let ending { return ending }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                readAvailable(waitingUpTo: 0)
                let signalNumber = status & 0x7F
                let result: Ending = signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signalNumber)
                ending = result
                return result
            }
            readAvailable(waitingUpTo: 20)
        }
        throw Timeout(waitedFor: "the end of the program", screen: screen, process: processReport())
    }

    /// The program's state, what it runs and where in the kernel each of its threads waits, as
    /// Linux tells them: a wait that times out once in many runs says where it was stuck (a
    /// child still running the test's own binary never reached `exec`).
    public func processReport() -> String {
        func read(_ path: String) -> String? {
            (try? String(contentsOfFile: "/proc/\(pid)/" + path, encoding: .utf8))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        // Without /proc (macOS) there is nothing to tell.
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { return "process \(pid)" }
        guard let stat = read("stat"), let close = stat.lastIndex(of: ")") else {
            return "process \(pid): gone"
        }
        let state = stat[stat.index(after: close)...].split(separator: " ").first ?? "?"
        let command = read("cmdline")?.split(separator: "\0").first ?? "?"
        var waits: [String: Int] = [:]
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for thread in threads { waits[read("task/\(thread)/wchan") ?? "?", default: 0] += 1 }
        let waiting = waits.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        return "process \(pid): state \(state), running \(command), threads waiting in \(waiting)"
    }

    private func readAvailable(waitingUpTo milliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { bytes += chunk[0..<count] }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }
}
