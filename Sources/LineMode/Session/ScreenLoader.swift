import ListKit

/// The one way a screen's data is loaded and slow work is run, for sessions and batch runs
/// alike: a progress indicator on a terminal, Ctrl-C to cancel (at a prompt), and the notes
/// and partial failures the work reported, each on its own line.
@MainActor
struct ScreenLoader {
    let messages: MessageWriter
    /// Where the progress indicator draws (standard error).
    let progressSink: any TextSink
    /// Progress may animate (standard error is a terminal).
    let animatesProgress: Bool
    /// A person is at a prompt: remedies say `r`.
    let interactive: Bool

    /// How a load ended.
    enum Outcome: Sendable, Hashable {
        /// Loaded, perhaps with some sources missing (already reported as notes).
        case loaded
        /// Ctrl-C cancelled it.
        case interrupted
        /// Every source failed.
        case failed(SessionError)
    }

    /// Loads `list` (every source, or those not loaded yet).
    ///
    /// Notes from the sources and each source that failed while others loaded are written as
    /// messages; a load that failed as a whole is returned, not written.
    func load(_ list: any ListScreen, force: Bool) async -> Outcome {
        let reporter = ProgressReporter()
        let indicator = ProgressIndicator(
            title: list.title, reporter: reporter, sink: progressSink, animated: animatesProgress)
        indicator.start()
        let interrupted = await Interrupts.shared.cancellable { await list.load(force: force, progress: reporter) }
        indicator.stop()
        for note in reporter.takeNotes() { messages.note(note) }
        if interrupted { return .interrupted }
        if case .failed(let reason) = list.state {
            let facts = ErrorText.reason(ofFailedLoad: reason, failures: list.sourceFailures)
            return .failed(.loadFailed(list.title, reason: facts, remedy: list.sourceFailures.first?.remedy))
        }
        // Part of the data is shown: a warning, not a failed command.
        let failures = list.sourceFailures
        for failure in failures {
            let reason = ErrorText.line(failure.reason, remedy: failure.remedy, interactive: interactive)
            let rest = list.loadedSources.isEmpty ? "" : "; the rest is shown"
            messages.note("\(list.title): \(failure.source) did not load: \(reason)\(rest)")
        }
        return .loaded
    }

    /// Runs `work` with a progress indicator titled `title`; Ctrl-C cancels it.
    ///
    /// - Throws: `SessionError.interrupted` when cancelled, or what `work` threw.
    func run<Value>(
        title: String, _ work: @escaping @MainActor (ProgressReporter) async throws -> Value
    ) async throws -> Value {
        let reporter = ProgressReporter()
        let indicator = ProgressIndicator(
            title: title, reporter: reporter, sink: progressSink, animated: animatesProgress)
        indicator.start()
        defer {
            indicator.stop()
            for note in reporter.takeNotes() { messages.note(note) }
        }
        let outcome = Holder<Result<Value, any Error>>()
        let interrupted = await Interrupts.shared.cancellable {
            do {
                outcome.value = .success(try await work(reporter))
            } catch {
                outcome.value = .failure(error)
            }
        }
        if interrupted { throw SessionError.interrupted(title) }
        guard let result = outcome.value else { throw SessionError.interrupted(title) }
        return try result.get()
    }
}

extension ScreenLoader {
    /// Runs synchronous work that looks at `Task.isCancelled` as it goes (a sort, an export) so
    /// that Ctrl-C stops it. It draws no indicator: the work holds the main actor that would.
    ///
    /// - Throws: `interruption` when Ctrl-C stopped it, or what `work` threw.
    @discardableResult
    func runStoppable<Value>(_ interruption: SessionError, _ work: @escaping @MainActor () throws -> Value)
        async throws -> Value
    {
        let outcome = Holder<Result<Value, any Error>>()
        let interrupted = await Interrupts.shared.cancellable { outcome.value = Result { try work() } }
        if interrupted { throw interruption }
        guard let result = outcome.value else { throw interruption }
        return try result.get()
    }
}

/// A value filled in by work that runs in its own task on the main actor.
@MainActor
private final class Holder<Value> {
    var value: Value?
}
