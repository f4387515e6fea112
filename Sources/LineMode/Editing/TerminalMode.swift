import BrowseSupport
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's raw mode while a line is typed, and giving the terminal back on every way
/// out.
///
/// Raw mode (no echo, no line buffering, no signals from keys, no flow control) is on only
/// between `enter()` and `leave()`, while the prompt reads keys. Output processing stays on,
/// so a newline still starts its line at the left and nothing written meanwhile stair-steps.
/// Commands run with the terminal as it was: their output is ordinary and Ctrl-C is a real
/// SIGINT. Bracketed paste is asked for while the line is typed and turned off after it.
///
/// The terminal is given back however the program ends: at exit (`atexit`), on every signal
/// whose default is to end the program (`installEndingHandlers()`: restore, remove the pending
/// temporary files, then die of the signal as before), and around a stop: SIGTSTP restores the
/// terminal and stops; SIGCONT puts raw mode back and wakes the prompt to draw its line again.
/// The handlers do only what a signal handler may (`tcsetattr`, `write`, `unlink`, `signal`,
/// `raise`).
enum TerminalMode {
    /// What the handlers need, in memory that never moves (a signal handler must not touch
    /// Swift globals that could be mid-change).
    private struct Shared {
        var input: Int32 = -1
        var output: Int32 = -1
        var original = termios()
        var raw = termios()
        /// The prompt's wake-up pipe: a signal handler writes a byte, the prompt's `poll` sees it.
        var wakeRead: Int32 = -1
        var wakeWrite: Int32 = -1
    }

    nonisolated(unsafe) private static let shared: UnsafeMutablePointer<Shared> = {
        let pointer = UnsafeMutablePointer<Shared>.allocate(capacity: 1)
        pointer.initialize(to: Shared())
        return pointer
    }()
    /// 1 while a line is being typed (raw mode wanted), else 0.
    private static let active = Atomic<Int32>(0)
    private static let installed = Mutex(false)

    /// A byte the wake pipe carries: the window changed size.
    static let resized: UInt8 = 0x57  // W
    /// A byte the wake pipe carries: rows arrived, or a load finished, while the prompt waited.
    static let refresh: UInt8 = 0x52  // R
    /// A byte the wake pipe carries: the program was continued after a stop.
    static let continued: UInt8 = 0x43  // C

    private static let pasteOn: StaticString = "\u{1B}[?2004h"
    private static let pasteOff: StaticString = "\u{1B}[?2004l"

    /// Sets up the handlers and the wake pipe for a prompt that reads `input` and draws on
    /// `output`. Only the first call does anything.
    ///
    /// - Returns: False when the wake pipe cannot be made (then there is no line editor).
    static func install(input: Int32, output: Int32) -> Bool {
        installed.withLock { done in
            if done { return true }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return false }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            shared.pointee.input = input
            shared.pointee.output = output
            shared.pointee.wakeRead = ends[0]
            shared.pointee.wakeWrite = ends[1]
            installEndingHandlers()
            catchUnlessIgnored(SIGTSTP, TerminalMode.restoreAndStop)
            signal(SIGCONT, TerminalMode.resume)
            signal(SIGWINCH, TerminalMode.noteResize)
            done = true
            return true
        }
    }

    private static let endingHandlersInstalled = Mutex(false)

    /// The signals whose default action ends the program and that a program may catch: SIGHUP,
    /// SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS, SIGIO,
    /// and on Linux SIGPWR, SIGSTKFLT and the real-time signals. SIGINT has its own handler
    /// (`Interrupts`); SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGABRT are faults, left
    /// to the runtime's crash report (a temporary file they leave is swept by the next export).
    static var endingSignals: [Int32] {
        var numbers = [SIGHUP, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS, SIGIO]
        #if os(Linux)
            numbers += [SIGPWR, SIGSTKFLT]
            numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return numbers
    }

    /// Makes every signal in `endingSignals` give the terminal back (when a line is being
    /// typed) and remove the pending temporary files (`PendingFiles`) before it ends the
    /// program as it would have: the same signal, so a shell sees the same status. A signal
    /// ignored when the program started stays ignored. SIGXFSZ is ignored, so that a file past
    /// `ulimit -f` is a failed write, reported, rather than the end of the program. Only the
    /// first call does anything.
    static func installEndingHandlers() {
        endingHandlersInstalled.withLock { done in
            guard !done else { return }
            // Everything a handler reads is made now, not on its first use inside a handler.
            _ = shared
            _ = active.load(ordering: .relaxed)
            PendingFiles.prepare()
            atexit {
                PendingFiles.removeAll()
                TerminalMode.restore()
            }
            for signalNumber in endingSignals {
                catchUnlessIgnored(signalNumber, TerminalMode.restoreAndDie)
            }
            let previous = signal(SIGXFSZ, SIG_IGN)
            if previous != nil { signal(SIGXFSZ, previous) }
            done = true
        }
    }

    /// Catches `signalNumber`, unless it was ignored when the program started (`nohup` ignores
    /// SIGHUP; a shell without job control ignores SIGTSTP): then it stays ignored.
    private static func catchUnlessIgnored(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
        let previous = signal(signalNumber, handler)
        if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            signal(signalNumber, SIG_IGN)
        }
    }

    /// The descriptor a prompt polls to hear of a resize or a continue.
    static var wakeDescriptor: Int32 { shared.pointee.wakeRead }

    /// Puts the terminal in raw mode for typing a line.
    ///
    /// - Returns: False when the input is not a terminal after all.
    static func enter() -> Bool {
        let state = shared
        guard active.load(ordering: .acquiring) == 0 else { return true }
        guard tcgetattr(state.pointee.input, &state.pointee.original) == 0 else { return false }
        var raw = state.pointee.original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        state.pointee.raw = raw
        guard tcsetattr(state.pointee.input, TCSADRAIN, &state.pointee.raw) == 0 else { return false }
        active.store(1, ordering: .releasing)
        writeRaw(pasteOn)
        return true
    }

    /// Gives the terminal back as it was before the line.
    static func leave() {
        guard active.exchange(0, ordering: .acquiringAndReleasing) == 1 else { return }
        writeRaw(pasteOff)
        _ = tcsetattr(shared.pointee.input, TCSADRAIN, &shared.pointee.original)
    }

    /// Gives the terminal back if a line is being typed; safe in a signal handler and at exit.
    static func restore() {
        guard active.exchange(0, ordering: .acquiringAndReleasing) == 1 else { return }
        writeRaw(pasteOff)
        _ = tcsetattr(shared.pointee.input, TCSANOW, &shared.pointee.original)
    }

    /// Ctrl-Z at the prompt: stops the program's process group, as the terminal would.
    static func suspend() {
        kill(0, SIGTSTP)
    }

    /// Asks a waiting prompt to let the screen be drawn again (rows arrived in the background).
    package static func requestRedraw() {
        guard shared.pointee.wakeWrite >= 0 else { return }
        wake(refresh)
    }

    /// Reads what the wake pipe holds.
    ///
    /// - Returns: The bytes: `resized`, `continued`, or both.
    static func drainWake() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(shared.pointee.wakeRead, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    // MARK: - Signal handlers (async-signal-safe work only)

    private static func writeRaw(_ text: StaticString) {
        _ = write(shared.pointee.output, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func wake(_ byte: UInt8) {
        var value = byte
        _ = write(shared.pointee.wakeWrite, &value, 1)
    }

    /// A signal that ends the program: the pending files removed, the terminal back, a fresh
    /// line, then the signal's own end.
    private static let restoreAndDie: @convention(c) (Int32) -> Void = { signalNumber in
        PendingFiles.removeAll()
        if TerminalMode.active.load(ordering: .acquiring) == 1 {
            TerminalMode.restore()
            TerminalMode.writeRaw("\r\n")
        }
        signal(signalNumber, SIG_DFL)
        // Blocked while its handler runs: it ends the program as soon as the handler returns.
        raise(signalNumber)
    }

    /// SIGTSTP: the terminal back, then stop; raw mode returns with SIGCONT.
    private static let restoreAndStop: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        let state = TerminalMode.shared
        if TerminalMode.active.load(ordering: .acquiring) == 1 {
            TerminalMode.writeRaw(TerminalMode.pasteOff)
            TerminalMode.writeRaw("\r\n")
            _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.original)
        }
        signal(SIGTSTP, SIG_DFL)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        raise(SIGTSTP)
        // Continued, or never stopped (the stop of an orphaned process group is discarded):
        // raw mode again, and catch the next stop too.
        if TerminalMode.active.load(ordering: .acquiring) == 1 {
            _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.raw)
            TerminalMode.writeRaw(TerminalMode.pasteOn)
            TerminalMode.wake(TerminalMode.continued)
        }
        signal(SIGTSTP, TerminalMode.restoreAndStop)
        errno = savedErrno
    }

    /// SIGCONT: raw mode again if a line was being typed, and the prompt draws it again.
    private static let resume: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        let state = TerminalMode.shared
        if TerminalMode.active.load(ordering: .acquiring) == 1 {
            _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.raw)
            TerminalMode.writeRaw(TerminalMode.pasteOn)
            TerminalMode.wake(TerminalMode.continued)
        }
        errno = savedErrno
    }

    /// SIGWINCH: the prompt measures the row again and redraws.
    private static let noteResize: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        TerminalMode.wake(TerminalMode.resized)
        errno = savedErrno
    }
}
