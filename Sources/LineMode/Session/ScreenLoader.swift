import BrowseSupport
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
    /// How the pages drawn after the load measure their texts; `nil` when nothing will be
    /// drawn (an export), so that a file's index does not measure its columns for nothing.
    var drawing: TextWidth?

    /// How a load ended.
    enum Outcome {
        /// Loaded, perhaps with some sources missing (already reported as notes).
        case loaded
        /// Ctrl-C cancelled it.
        case interrupted
        /// Every source failed.
        case failed(SessionError)
        /// Rows have arrived and the rest is still coming, in the background.
        case arriving(BackgroundLoad)
    }

    /// Loads `list` (every source, or those not loaded yet).
    ///
    /// Notes from the sources and each source that failed while others loaded are written as
    /// messages; a load that failed as a whole is returned, not written.
    ///
    /// - Parameter early: Return as soon as rows arrive (at a prompt), leaving the rest to load
    ///   in the background; otherwise wait for all of it (a script's transcript stays the same).
    func load(_ list: any ListScreen, force: Bool, early: Bool = false) async -> Outcome {
        let (outcome, interrupted) = await loadTellingInterruption(list, force: force, early: early)
        // Ctrl-C that left rows (months of `stock 2330 --months 12` that arrived) is said too,
        // once: a source that streams says so itself.
        if interrupted, case .loaded = outcome, !list.notedItsStop {
            let rows = NumberText.grouped(list.totalCount)
            messages.note(
                "interrupted: the load of \(list.title) stopped; the \(rows) row\(list.totalCount == 1 ? "" : "s") "
                    + "that arrived are shown, r loads it all again")
        }
        return outcome
    }

    /// Loads the sources of `list` not loaded yet (those a command added, ``ListKit/Selection/load(then:)``),
    /// waiting for all of them, as ``load(_:force:early:)`` loads a screen.
    ///
    /// - Returns: How the load came out, and whether Ctrl-C stopped it (what arrived is kept:
    ///   a list with rows is still `.loaded`).
    func loadAdded(to list: any ListScreen) async -> (outcome: Outcome, ending: LoadEnding) {
        // A failure the screen had before this load was said then; one that came again is not
        // a new fact (the command that asked again says so if it must).
        let result = await loadTellingInterruption(
            list, force: false, early: false, alreadySaid: list.sourceFailures)
        return (result.outcome, result.interrupted ? .interrupted : .finished)
    }

    private func loadTellingInterruption(
        _ list: any ListScreen, force: Bool, early: Bool, alreadySaid: [SourceFailure] = []
    ) async -> (outcome: Outcome, interrupted: Bool) {
        let load = BackgroundLoad(list: list, drawing: drawing)
        let indicator = ProgressIndicator(
            title: list.title, reporter: load.reporter, sink: progressSink, animated: animatesProgress)
        indicator.start()
        load.start(force: force)
        let interrupted = await Interrupts.shared.cancellable {
            await load.wait(untilRowsArrive: early)
        }
        indicator.stop()
        if interrupted { load.task?.cancel() }
        let countStopped =
            !early && !interrupted && !load.isFinished && list.countIsEstimate && list.state == .receiving
        if countStopped {
            // A script goes on with a table's estimate: the exact count it does not wait for is
            // stopped, so that it does not compete with the script's own statements and the
            // transcript says the same on every run.
            load.task?.cancel()
        }
        if !load.isFinished, !interrupted, !countStopped { return (.arriving(load), false) }
        await Interrupts.shared.windingDown { await load.task?.value }
        return (finish(load, interrupted: interrupted, alreadySaid: alreadySaid), interrupted)
    }

    /// Waits, with the progress indicator and Ctrl-C, for a background load to end.
    func wait(for load: BackgroundLoad) async -> Outcome {
        let indicator = indicator(for: load)
        indicator.start()
        let interrupted = await Interrupts.shared.cancellable { await load.wait(untilRowsArrive: false) }
        indicator.stop()
        if interrupted { load.task?.cancel() }
        await Interrupts.shared.windingDown { await load.task?.value }
        return finish(load, interrupted: interrupted)
    }

    /// Waits, with the progress indicator, for a background load to end; Ctrl-C gives up the
    /// waiting and leaves the load going.
    ///
    /// - Returns: False when Ctrl-C stopped the waiting.
    func waitLeavingLoad(_ load: BackgroundLoad) async -> Bool {
        let indicator = indicator(for: load)
        indicator.start()
        let interrupted = await Interrupts.shared.cancellable { await load.waitUnlessCancelled() }
        indicator.stop()
        return !interrupted && load.isFinished
    }

    private func indicator(for load: BackgroundLoad) -> ProgressIndicator {
        ProgressIndicator(
            title: load.list.title, reporter: load.reporter, sink: progressSink, animated: animatesProgress)
    }

    /// What a load that ended comes to: its notes written, its partial failures reported
    /// (but those in `alreadySaid`).
    func finish(_ load: BackgroundLoad, interrupted: Bool, alreadySaid: [SourceFailure] = []) -> Outcome {
        let list = load.list
        for note in load.reporter.takeNotes() { messages.note(note) }
        // A stream stopped by Ctrl-C keeps what arrived: it is loaded, and its note said so.
        if interrupted, !list.state.hasRows { return .interrupted }
        if case .failed(let failure) = list.state {
            // A screen that is its own one source (a database table) is not named twice.
            let own = failure.failures.count == 1 && failure.failures[0].source == list.title
            let facts = ErrorText.reason(
                ofFailedLoad: own ? failure.failures[0].reason : failure.description, failures: list.sourceFailures)
            return .failed(.loadFailed(list.title, reason: facts, remedy: list.sourceFailures.first?.remedy))
        }
        // Part of the data is shown: a warning, not a failed command.
        for failure in list.sourceFailures where !alreadySaid.contains(failure) {
            let reason = ErrorText.line(failure.reason, remedy: failure.remedy, interactive: interactive)
            // A source that failed to refresh keeps its earlier rows; another source's rows are
            // "the rest".
            let rest: String
            if list.loadedSources.contains(failure.source) {
                rest = "; its earlier rows are shown"
            } else {
                rest = list.loadedSources.isEmpty ? "" : "; the rest is shown"
            }
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
    /// Runs work over every row of a list (a filter, `where`, a sort, `freq`, `stats`, a
    /// chart): the one way such work runs. It holds the main actor until it is done, so its
    /// progress line is drawn from a thread of its own after a moment; Ctrl-C raises the stop
    /// flag the work looks at between blocks of rows, and the list stays as it was.
    ///
    /// - Parameters:
    ///   - title: What the progress line and an interruption name (`sort close desc`).
    ///   - interruption: What is thrown when Ctrl-C stopped it; `nil` says `title` was.
    /// - Throws: The interruption when Ctrl-C stopped it, or what `work` threw.
    @discardableResult
    func runOverRows<Value>(
        _ title: String, interruption: SessionError? = nil, _ work: @escaping @MainActor (StopFlag) throws -> Value
    ) async throws -> Value {
        let interruption = interruption ?? .interrupted(title)
        let reporter = ProgressReporter()
        let indicator = ProgressIndicator(
            title: title, reporter: reporter, sink: progressSink, animated: animatesProgress)
        indicator.startBesideWork()
        let outcome = Holder<Result<Value, any Error>>()
        let stop = StopFlag()
        let interrupted = await Interrupts.shared.cancellable { @MainActor in
            await withTaskCancellationHandler {
                outcome.value = Result { try work(stop) }
            } onCancel: {
                stop.raise()
            }
        }
        indicator.stop()
        if interrupted { throw interruption }
        guard let result = outcome.value else { throw interruption }
        if case .failure(let error) = result, error as? ListError == .interrupted { throw interruption }
        return try result.get()
    }
}

extension ScreenLoader {
    /// Runs work over every row that a screen needs before it is drawn (measuring a view's
    /// columns), here and now: its progress line is drawn from a thread of its own after a
    /// moment, and Ctrl-C raises the stop flag it looks at between blocks of rows.
    ///
    /// - Returns: False when Ctrl-C stopped it.
    func runBeforeDrawing(_ title: String, _ work: (StopFlag) throws -> Void) -> Bool {
        let indicator = ProgressIndicator(
            title: title, reporter: ProgressReporter(), sink: progressSink, animated: animatesProgress)
        indicator.startBesideWork()
        defer { indicator.stop() }
        let outcome = Interrupts.shared.stopping { stop in
            do {
                try work(stop)
                return true
            } catch {
                return false
            }
        }
        return outcome.value && !outcome.interrupted
    }
}

/// A value filled in by work that runs in its own task on the main actor.
@MainActor
private final class Holder<Value> {
    var value: Value?
}

/// A load running for a screen: started by `ScreenLoader`, it may go on in the background
/// once the first rows are shown.
@MainActor
final class BackgroundLoad {
    let list: any ListScreen
    let reporter: ProgressReporter
    /// How the pages drawn after the load measure their texts, passed on to the load.
    let drawing: TextWidth?
    private(set) var task: Task<Void, Never>?
    private(set) var isFinished = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A load of `list`, whose reporter wakes whoever waits when the screen says its state
    /// changed: a load can go on once every row can be read (a database table's exact count),
    /// which only its state says.
    init(list: any ListScreen, drawing: TextWidth? = nil) {
        self.list = list
        self.drawing = drawing
        let signal = StateChangeSignal()
        self.reporter = ProgressReporter(onStateChange: { Task { @MainActor in signal.load?.resumeWaiters() } })
        signal.load = self
    }

    func start(force: Bool) {
        let list = list
        let reporter = reporter
        let drawing = drawing
        task = Task { @MainActor [weak self] in
            if let drawing {
                await list.load(force: force, progress: reporter, drawingWith: drawing)
            } else {
                await list.load(force: force, progress: reporter)
            }
            self?.finished()
        }
    }

    private func resumeWaiters() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    private func finished() {
        isFinished = true
        resumeWaiters()
    }

    /// Returns when the load ends or the waiting task is cancelled, which leaves the load going.
    func waitUnlessCancelled() async {
        while !isFinished, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Returns when the load ends, or (when `untilRowsArrive`) when its first rows have arrived,
    /// or when every row can be read and only the exact count is still coming (a database
    /// table's, which can take minutes: a script goes on with the estimate); cancelling the
    /// waiting task stops the load.
    func wait(untilRowsArrive: Bool) async {
        await withTaskCancellationHandler {
            while !isFinished, !((untilRowsArrive || list.countIsEstimate) && list.state == .receiving),
                !Task.isCancelled
            {
                if untilRowsArrive {
                    try? await Task.sleep(for: .milliseconds(20))
                } else {
                    await withCheckedContinuation { waiters.append($0) }
                }
            }
        } onCancel: { [task] in
            task?.cancel()
        }
    }
}

/// The way from a load's reporter, on any thread, to the load waited for.
private final class StateChangeSignal: Sendable {
    @MainActor weak var load: BackgroundLoad?
}
