import BrowseSupport
import Foundation
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
package final class Interrupts: Sendable {
    /// The process's handler (signals are process-wide).
    package static let shared = Interrupts()

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
    /// Whether `install` has run.
    private let installed = Mutex(false)

    private init() {}

    /// Takes over SIGINT. Call once, early; later calls do nothing.
    ///
    /// The signal handler writes a byte to a pipe for each Ctrl-C, and a thread of its own
    /// reads them: each one counts (a dispatch signal source on Linux merges those that arrive
    /// before its handler runs, so a quick second Ctrl-C could go unheard), and no busy pool of
    /// threads (indexing a large file on every core) can keep it from being heard at once.
    package func install() {
        let first = installed.withLock { installed in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        var ends: [Int32] = [-1, -1]
        // Without a pipe Ctrl-C keeps its default action: it ends the program at once.
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The handler must never wait: with the pipe full, it has enough to read already.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        interruptWriter = ends[1]
        let reader = ends[0]
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count == 1 {
                    handle()
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.start()
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = noteInterrupt
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = noteInterrupt
        #endif
        sigaction(SIGINT, &action, nil)
    }

    /// Whether a person is at the terminal (a first Ctrl-C then only cancels what is running).
    package func setInteractive(_ interactive: Bool) {
        state.withLock { $0.interactive = interactive }
    }

    /// Whether the line editor keeps the session alive through a Ctrl-C with nothing to cancel.
    package func setKeepsSession(_ keeps: Bool) {
        state.withLock { $0.keepsSession = keeps }
    }

    /// A new line is being typed: a Ctrl-C let go before it is forgotten.
    package func promptStarted() {
        state.withLock { $0.armed = false }
    }

    /// Runs `work` so that Ctrl-C cancels it.
    ///
    /// - Returns: True when the user interrupted it.
    @MainActor
    package func cancellable(_ work: @escaping @MainActor () async -> Void) async -> Bool {
        let task = Task { @MainActor in await work() }
        state.withLock { state in
            state.cancel = { task.cancel() }
            state.cancelled = false
            state.armed = false
        }
        await task.value
        // This work's own cancel, not the shared flag, which work winding down elsewhere raises
        // meanwhile (a load stopped in the background; another session in the same process).
        let interrupted = task.isCancelled
        state.withLock { state in
            state.cancel = nil
            // Until the next prompt, or the end of the winding down that may follow, a Ctrl-C
            // is a second one: it ends the program rather than being let go.
            if interrupted { state.armed = true }
            state.cancelled = false
        }
        return interrupted
    }

    /// Runs `work` here, on the main actor, so that Ctrl-C raises the flag it is given: for
    /// work that holds the main actor while a screen is drawn and looks at the flag between
    /// blocks of rows (measuring a large view's columns).
    ///
    /// - Returns: What `work` returned, and whether Ctrl-C raised the flag.
    @MainActor
    package func stopping<Value>(_ work: (StopFlag) throws -> Value) rethrows -> (value: Value, interrupted: Bool) {
        let stop = StopFlag()
        let outer = state.withLock { state in
            defer {
                state.cancel = { stop.raise() }
                state.cancelled = false
            }
            return (cancel: state.cancel, cancelled: state.cancelled)
        }
        func restore() -> Bool {
            state.withLock { state in
                let interrupted = state.cancelled
                state.cancel = outer.cancel
                state.cancelled = outer.cancelled
                // Until the next prompt a Ctrl-C is a second one, as after cancelled work.
                if interrupted { state.armed = true }
                return interrupted
            }
        }
        let value: Value
        do {
            value = try work(stop)
        } catch {
            _ = restore()
            throw error
        }
        return (value, restore())
    }

    /// Waits for work that was just cancelled to wind down (a file's index stops only at its
    /// end); a Ctrl-C meanwhile is a second one, and ends the program with 130.
    @MainActor
    package func windingDown(_ work: @escaping @MainActor () async -> Void) async {
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

/// The write end of the pipe that carries each SIGINT to `Interrupts`; set by `install` before
/// the handler, and only read after.
nonisolated(unsafe) private var interruptWriter: Int32 = -1

/// The SIGINT handler: one byte to the pipe, nothing else (only what a signal handler may do).
private func noteInterrupt(_ signal: Int32) {
    let saved = errno
    var byte: UInt8 = 1
    _ = write(interruptWriter, &byte, 1)
    errno = saved
}
