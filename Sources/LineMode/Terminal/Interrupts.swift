import BrowseSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C does. At a terminal, the first Ctrl-C during a load, a download or an export
/// cancels it and the session returns to its prompt; a second one ends the program with
/// status 130. With nothing running, it ends the program too, unless the line editor keeps
/// the session (then Ctrl-C at the prompt only drops the line, and a lone one between commands
/// is let go). In batch use and scripts, Ctrl-C always ends it with 130.
public final class Interrupts: Sendable {
    /// The process's handler (signals are process-wide).
    public static let shared = Interrupts()

    private struct State {
        var interactive = false
        var cancel: (@Sendable () -> Void)?
        var cancelled = false
        /// The line editor is in use: Ctrl-C with nothing to cancel does not end the session.
        var keepsSession = false
        /// A Ctrl-C with nothing to cancel was let go; the next one ends the program.
        var armed = false
    }

    private let state = Mutex(State())
    /// Kept alive for the life of the process; written once, by `install`, before any signal.
    nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?
    private static let queue = DispatchQueue(label: "browse.interrupts")

    private init() {}

    /// Takes over SIGINT. Call once, early.
    public func install() {
        signal(SIGINT, SIG_IGN)
        // A queue of its own: a serial queue gets a thread even while the global queues' few
        // threads are all busy (indexing a large file on every core), so Ctrl-C is heard at once.
        let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: Self.queue)
        // Signals that arrive before the handler runs are coalesced into one event: each counts.
        signalSource.setEventHandler { [self] in
            for _ in 0..<max(1, Int(Self.source?.data ?? 1)) { handle() }
        }
        Self.source = signalSource
        signalSource.resume()
    }

    /// Whether a person is at the terminal (a first Ctrl-C then only cancels what is running).
    public func setInteractive(_ interactive: Bool) {
        state.withLock { $0.interactive = interactive }
    }

    /// Whether the line editor keeps the session alive through a Ctrl-C with nothing to cancel.
    public func setKeepsSession(_ keeps: Bool) {
        state.withLock { $0.keepsSession = keeps }
    }

    /// A new line is being typed: a Ctrl-C let go before it is forgotten.
    public func promptStarted() {
        state.withLock { $0.armed = false }
    }

    /// Runs `work` so that Ctrl-C cancels it.
    ///
    /// - Returns: True when the user interrupted it.
    @MainActor
    public func cancellable(_ work: @escaping @MainActor () async -> Void) async -> Bool {
        let task = Task { @MainActor in await work() }
        state.withLock { state in
            state.cancel = { task.cancel() }
            state.cancelled = false
            state.armed = false
        }
        await task.value
        return state.withLock { state in
            defer {
                state.cancel = nil
                state.cancelled = false
            }
            return state.cancelled
        }
    }

    /// Waits for work that was just cancelled to wind down (a file's index stops only at its
    /// end); a Ctrl-C meanwhile is a second one, and ends the program with 130.
    @MainActor
    public func windingDown(_ work: @escaping @MainActor () async -> Void) async {
        state.withLock { state in
            state.cancel = {}
            state.cancelled = true
        }
        await work()
        state.withLock { state in
            state.cancel = nil
            state.cancelled = false
            state.armed = false
        }
    }

    private enum Response {
        case cancel(@Sendable () -> Void)
        case letGo
        case exit
    }

    private func handle() {
        let response: Response = state.withLock { state in
            if state.interactive, let cancel = state.cancel, !state.cancelled {
                state.cancelled = true
                return .cancel(cancel)
            }
            if state.interactive, state.keepsSession, state.cancel == nil, !state.armed {
                state.armed = true
                return .letGo
            }
            return .exit
        }
        switch response {
        case .cancel(let cancel):
            cancel()
        case .letGo:
            break
        case .exit:
            // Nothing to cancel, or a second Ctrl-C: leave now, as a shell expects, with the
            // terminal as it was and no temporary file left behind.
            PendingFiles.removeAll()
            TerminalMode.restore()
            _exit(ExitCode.interrupted.rawValue)
        }
    }
}
