import Foundation
import ListKit

/// A browsing session: a navigation stack driven by one command per line.
///
/// The session reads commands from any `LineSource`, writes screens and data to `output`
/// and every message to `errors`. It never reads the terminal itself, so the same code
/// serves a person at a terminal, a pipe, `-c`, and tests. Commands are in
/// `Session+Commands.swift`, exports in `Session+Export.swift`.
@MainActor
public final class Session {
    public let stack: NavigationStack
    let registry: DatasetRegistry
    let context: DatasetContext
    let options: SessionOptions
    let output: any TextSink
    let messages: MessageWriter
    let resolver: TargetResolver
    let loader: ScreenLoader
    /// Reads the terminal's size when a screen is drawn, so a resize takes effect on the next
    /// screen; `nil` keeps `options.width` and `options.terminalRows`.
    public var terminalSize: (@MainActor () -> (columns: Int, rows: Int)?)?
    /// Column widths of earlier pages, so columns stay put while paging.
    let widthMemory = ColumnWidthMemory()
    /// The page size of the list on screen, as last drawn: what `n`, `p` and `g` page by.
    private var shownPageSize: (list: ObjectIdentifier, size: Int)?
    private var failed = false
    /// Loads going on in the background, by screen: their first rows are shown.
    private var background: [ObjectIdentifier: BackgroundLoad] = [:]
    /// Background loads that ended and are not reported yet.
    private var finishedInBackground: [BackgroundLoad] = []
    private(set) var outputClosed = false
    /// Why output failed (a full disk), reported once at the end.
    private var outputFailure: OutputError?
    /// `watch` refreshing the screen while the prompt waits; any command stops it.
    var watcher: Watcher?

    /// A session that starts at the list of datasets.
    ///
    /// - Parameters:
    ///   - context: What datasets get; its program's name starts each message line.
    ///   - opener: Opens names after `open` that are not datasets (files, URLs); `nil` knows
    ///     only datasets.
    public init(
        registry: DatasetRegistry, context: DatasetContext, options: SessionOptions,
        output: any TextSink, errors: any TextSink, opener: (any ListOpener)? = nil
    ) {
        self.registry = registry
        self.context = context
        self.options = options
        self.output = output
        let messages = MessageWriter(sink: errors, program: context.program.name)
        self.messages = messages
        self.resolver = TargetResolver(registry: registry, opener: opener, insideSession: true)
        self.loader = ScreenLoader(
            messages: messages, progressSink: errors, animatesProgress: options.animatesProgress,
            interactive: options.interactive)
        self.stack = NavigationStack(root: .list(registry.rootScreen(context: context)))
        messages.beforeEachLine = { [weak self] in self?.flush() }
    }

    /// True when a command failed; a script then ends with a failure status.
    public var hadFailure: Bool { failed }
    /// How many commands have failed so far.
    public private(set) var failureCount = 0

    // MARK: - Running

    /// Opens `screen` on top of the dataset list and loads it.
    public func start(with screen: any ListScreen) async {
        Interrupts.shared.setInteractive(options.interactive)
        stack.push(.list(screen))
        await loadIfNeeded(screen)
    }

    /// Draws the current screen. At a terminal, the page is as long as the terminal allows
    /// once the breadcrumb, header lines, the wrapped status and the prompt are counted, so the
    /// breadcrumb never scrolls off.
    public func show() {
        reportFinishedLoads()
        let size = terminalSize?()
        let renderer = ScreenRenderer(
            width: size?.columns ?? options.width, style: TextStyle(enabled: options.color), memory: widthMemory,
            height: size?.rows ?? options.terminalRows, ascii: options.ascii)
        guard let list = currentList else {
            emit(renderer.render(stack, pageSize: SessionOptions.defaultPageSize))
            return
        }
        // Rows read from a file that shrank would be zeros, not the file's: say so instead.
        if list.state.hasRows, let problem = list.dataProblem {
            report(problem)
            return
        }
        var pageSize = pageSize(for: list)
        var screen = renderer.screen(stack, pageSize: pageSize)
        if options.pageSize == nil, let rows = size?.rows ?? options.terminalRows {
            let linesPerRow = list.style == .subtitle ? 2 : 1
            // Fitting can change the status line (its numbers), so settle in a few rounds.
            for _ in 0..<3 {
                let overhead = screen.lines.count - screen.rowLines + 1
                let fitted = max(1, (rows - overhead) / linesPerRow)
                if fitted == pageSize { break }
                pageSize = fitted
                screen = renderer.screen(stack, pageSize: pageSize)
            }
        }
        shownPageSize = (ObjectIdentifier(list), pageSize)
        widthMemory.remember(screen.widths, for: list)
        emit(screen.text)
    }

    /// Runs commands from `source` until `q`, the end of input, or a closed output.
    ///
    /// At a terminal, a first Ctrl-C cancels a running load and returns here.
    ///
    /// - Returns: `.success`, or `.failure` when a command of a non-interactive session failed.
    public func run(_ source: inout some LineSource) async -> ExitCode {
        Interrupts.shared.setInteractive(options.interactive)
        show()
        while !outputClosed {
            if options.interactive {
                if source.drawsPrompt { flush() } else { prompt() }
            }
            guard let input = await source.nextLine() else { break }
            let line: String
            switch input {
            case .line(let text):
                line = text
            case .tooLong(let bytes):
                echo("…")
                report(CommandError.tooLong(bytes: bytes, limit: FileDescriptorLines.maximumLineBytes))
                continue
            case .notUTF8:
                echo("…")
                report(CommandError.notUTF8)
                continue
            case .redraw:
                // Idle at the prompt and the window changed, or rows arrived: draw it again.
                show()
                emitWatchStatus()
                continue
            case .interrupt:
                stopWatching()
                stopBackgroundLoads()
                continue
            }
            // Any command stops watching; `watch` itself starts it again.
            stopWatching()
            echo(line)
            if outputClosed { break }
            if await execute(line) == .quit { break }
        }
        if options.interactive, !outputClosed { emit("\n") }
        flush()
        if outputFailure != nil { return .failure }
        return failed && !options.interactive ? .failure : .success
    }

    /// Whether to keep reading commands.
    public enum Step: Sendable {
        case proceed
        case quit
    }

    /// Runs one command line and draws what changed.
    public func execute(_ line: String) async -> Step {
        do {
            let command = try CommandParser.parse(line)
            return try await execute(command)
        } catch CommandError.empty {
            // An empty line does nothing, as at a shell prompt.
        } catch {
            report(error)
        }
        return .proceed
    }

    // MARK: - Loading

    func loadIfNeeded(_ screen: any ListScreen) async {
        guard screen.state == .idle else { return }
        await load(screen, force: false)
    }

    func load(_ list: any ListScreen, force: Bool) async {
        if let running = background.removeValue(forKey: ObjectIdentifier(list)) {
            running.task?.cancel()
            await running.task?.value
            _ = running.reporter.takeNotes()
        }
        // At a prompt the first rows show as soon as they arrive; a script waits for all.
        report(await loader.load(list, force: force, early: options.interactive), of: list)
    }

    /// Says how a load came out: a failure, an interruption, or rows still arriving (kept to
    /// report when they end).
    func report(_ outcome: ScreenLoader.Outcome, of list: any ListScreen) {
        switch outcome {
        case .loaded:
            break
        case .interrupted:
            notify("interrupted: the load of \(list.title) was cancelled; r tries again")
        case .failed(let error):
            report(error)
        case .arriving(let load):
            background[ObjectIdentifier(list)] = load
            Task { @MainActor [weak self] in
                await load.task?.value
                self?.backgroundEnded(load)
            }
        }
    }

    /// A load that went on in the background ended: its notes wait for the next screen, which
    /// the prompt is asked to draw at once.
    private func backgroundEnded(_ load: BackgroundLoad) {
        guard background[ObjectIdentifier(load.list)] === load else { return }
        background[ObjectIdentifier(load.list)] = nil
        finishedInBackground.append(load)
        TerminalMode.requestRedraw()
    }

    /// Waits, with progress and Ctrl-C, for `list`'s background load (before an export).
    func waitForBackgroundLoad(of list: any ListScreen) async {
        guard let load = background.removeValue(forKey: ObjectIdentifier(list)) else { return }
        report(await loader.wait(for: load), of: list)
    }

    /// Waits, with progress, for the rows of `list` still arriving before `command`, which asks
    /// about all of them; Ctrl-C gives up the command and leaves the load going.
    ///
    /// - Throws: `SessionError.interrupted` when Ctrl-C gave up the waiting.
    func waitForAllRows(of list: any ListScreen, before command: String) async throws(SessionError) {
        guard let load = background[ObjectIdentifier(list)] else { return }
        guard await loader.waitLeavingLoad(load) else {
            throw .interrupted("\(command), which waits for every row,")
        }
        background.removeValue(forKey: ObjectIdentifier(list))
        report(loader.finish(load, interrupted: false), of: list)
    }

    /// Ctrl-C at the prompt: loads going on in the background stop, keeping what arrived.
    func stopBackgroundLoads() {
        for load in background.values { load.task?.cancel() }
    }

    /// Reports the loads that ended in the background since the last screen.
    private func reportFinishedLoads() {
        let finished = finishedInBackground
        finishedInBackground = []
        for load in finished { report(loader.finish(load, interrupted: false), of: load.list) }
    }

    // MARK: - Output

    /// Rows per page of `list`: as last drawn, or an estimate before it is drawn.
    func pageSize(for list: any ListScreen) -> Int {
        if let shownPageSize, shownPageSize.list == ObjectIdentifier(list) { return shownPageSize.size }
        return options.pageSize(linesPerRow: list.style == .subtitle ? 2 : 1, headerLines: list.headerLines.count)
    }

    private func prompt() {
        emit("> ")
        flush()
    }

    /// A script's command is shown after a prompt, as a person's typing would be, so a
    /// transcript reads like the session it was.
    private func echo(_ line: String) {
        guard !options.interactive else { return }
        emit("\n> " + VisibleText.make(CommandError.excerpt(PasswordRedaction.redacting(line))) + "\n")
        flush()
    }

    func emit(_ text: String) {
        guard !outputClosed else { return }
        do throws(OutputError) {
            try output.write(text)
        } catch {
            stopOutput(error)
        }
    }

    func flush() {
        guard !outputClosed else { return }
        do throws(OutputError) {
            try output.flush()
        } catch {
            stopOutput(error)
        }
    }

    /// Output cannot go on: a closed pipe ends the session quietly, a failure is reported.
    func stopOutput(_ error: OutputError) {
        guard !outputClosed else { return }
        outputClosed = true
        if case .failed = error {
            outputFailure = error
            failed = true
            messages.note(error.description)
        }
    }

    /// A message that is not a failure (`already on the last page`).
    func notify(_ message: String) {
        messages.note(message)
    }

    /// A failure: one line on standard error; a script will end with status 1.
    func report(_ error: any Error) {
        if let error = error as? OutputError {
            stopOutput(error)
            return
        }
        countFailure()
        messages.report(error, interactive: options.interactive)
    }

    /// Counts a failed command whose reason was already said: a script will end with status 1.
    func countFailure() {
        failed = true
        failureCount += 1
    }
}
