import BrowseSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C does. At a terminal, the first Ctrl-C during a load or download cancels it and
/// the session returns to its prompt; a second one, or one with nothing running, ends the
/// program with status 130. In batch use and scripts, Ctrl-C always ends it with 130.
public final class Interrupts: Sendable {
    /// The process's handler (signals are process-wide).
    public static let shared = Interrupts()

    private struct State {
        var interactive = false
        var cancel: (@Sendable () -> Void)?
        var cancelled = false
    }

    private let state = Mutex(State())
    /// Kept alive for the life of the process; written once, by `install`, before any signal.
    nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?

    private init() {}

    /// Takes over SIGINT. Call once, early.
    public func install() {
        signal(SIGINT, SIG_IGN)
        let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signalSource.setEventHandler { [self] in handle() }
        signalSource.resume()
        Self.source = signalSource
    }

    /// Whether a person is at the terminal (a first Ctrl-C then only cancels what is running).
    public func setInteractive(_ interactive: Bool) {
        state.withLock { $0.interactive = interactive }
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

    private func handle() {
        let cancel: (@Sendable () -> Void)? = state.withLock { state in
            guard state.interactive, let cancel = state.cancel, !state.cancelled else { return nil }
            state.cancelled = true
            return cancel
        }
        if let cancel {
            cancel()
        } else {
            // Nothing to cancel, or a second Ctrl-C: leave now, as a shell expects.
            _exit(ExitCode.interrupted.rawValue)
        }
    }
}
