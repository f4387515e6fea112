import BrowseSupport
import Foundation
import ListKit

/// A browsing session: a navigation stack driven by one command per line.
///
/// The session reads commands from any `LineSource`, writes screens and data to `output`
/// and every message to `errors`. It never reads the terminal itself, so the same code
/// serves a person at a terminal, a pipe, `-c`, and tests. Commands are in
/// `Session+Commands.swift`, exports in `Session+Export.swift`.
@MainActor
package final class Session {
    package let stack: NavigationStack
    let registry: DatasetRegistry
    let context: DatasetContext
    let options: SessionOptions
    let output: any TextSink
    let messages: MessageWriter
    let resolver: TargetResolver
    let loader: ScreenLoader
    /// Reads the terminal's size when a screen is drawn, so a resize takes effect on the next
    /// screen; `nil` keeps `options.width` and `options.terminalRows`.
    package var terminalSize: (@MainActor () -> (columns: Int, rows: Int)?)?
    /// The widest value of each column over each view, so columns are as wide on every page.
    let viewWidths = ViewWidths()
    /// The page size of the list on screen, as last drawn: what `n`, `p` and `g` page by.
    private var shownPageSize: (list: ObjectIdentifier, size: Int)?
    /// How many columns the table of the list on screen left out, as last drawn: `>` has
    /// nothing to bring in when there are none.
    private var shownLeftOut: (list: ObjectIdentifier, count: Int)?
    /// Long text shown over the current screen, a page at a time.
    var textOverlay: TextOverlay?
    /// The first line shown of the detail on top, and which detail that is: `n` pages through
    /// a detail longer than the terminal before it steps to the next row.
    var detailFirstLine: (key: DetailKey, first: Int)?
    /// The page of text (a detail's, the overlay's) as last drawn; `nil` when it was whole.
    private(set) var shownTextPage: TextPage?
    /// How many screens have been drawn: a command that failed before drawing leaves the
    /// overlay it replaced on the screen.
    private(set) var drawCount = 0
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
    package init(
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
            interactive: options.interactive, drawing: .terminal)
        self.stack = NavigationStack(root: .list(registry.rootScreen(context: context)))
        messages.beforeEachLine = { [weak self] in self?.flush() }
        if options.errorsAreTerminal {
            messages.width = { [weak self] in
                guard let self else { return nil }
                return self.terminalSize?()?.columns ?? TerminalInfo.currentSize()?.columns ?? self.options.width
            }
        }
    }

    /// True when a command failed; a script then ends with a failure status.
    package var hadFailure: Bool { failed }
    /// How many commands have failed so far.
    package private(set) var failureCount = 0

    // MARK: - Running

    /// Opens `screen` on top of the dataset list and loads it.
    package func start(with screen: any ListScreen) async {
        Interrupts.shared.setInteractive(options.interactive)
        stack.push(.list(screen))
        await loadIfNeeded(screen)
    }

    /// Draws the current screen. At a terminal, the page is as long as the terminal allows
    /// once the breadcrumb, header lines, the wrapped status and the prompt are counted, so the
    /// breadcrumb never scrolls off; the status is counted as it wraps at its longest in the
    /// view, so every page of a view has as many rows.
    package func show() {
        reportFinishedLoads()
        drawCount += 1
        shownTextPage = nil
        let size = terminalSize?()
        let width = size?.columns ?? options.width
        var renderer = makeRenderer(size: size)
        // Text is paged only where a person can page it; a script's transcript has it whole.
        renderer.textHeight = options.interactive ? size?.rows ?? options.terminalRows : nil
        if var overlay = textOverlay {
            renderer.textFirstLine = overlay.first
            let lines = overlay.make(width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let screen = renderer.textScreen(
                stack, title: overlay.title, text: lines.last == "" ? lines.dropLast() : lines)
            overlay.first = screen.textPage?.first ?? 0
            textOverlay = overlay
            shownTextPage = screen.textPage
            emit(screen.text)
            return
        }
        guard let list = currentList else {
            if let key = DetailKey(stack), let detailFirstLine, detailFirstLine.key == key {
                renderer.textFirstLine = detailFirstLine.first
            }
            let screen = renderer.screen(stack, pageSize: SessionOptions.defaultPageSize)
            shownTextPage = screen.textPage
            detailFirstLine = DetailKey(stack).map { ($0, screen.textPage?.first ?? 0) }
            emit(screen.text)
            return
        }
        // Rows read from a file that shrank would be zeros, not the file's: say so instead.
        if list.state.hasRows, let problem = list.dataProblem {
            report(problem)
            return
        }
        measureColumns(of: list)
        var pageSize = pageSize(for: list)
        var screen: ScreenRenderer.Screen
        if options.pageSize == nil, let rows = size?.rows ?? options.terminalRows {
            let linesPerRow = list.style == .subtitle ? 2 : 1
            // The page count changes the status line's numbers, so settle in a few rounds,
            // always from the same start: the page size is the view's, not the page's.
            pageSize = max(1, rows / linesPerRow)
            screen = renderer.screen(stack, pageSize: pageSize)
            for _ in 0..<4 {
                let fitted = max(1, (rows - screen.overheadLines - 1) / linesPerRow)
                if fitted == pageSize { break }
                pageSize = fitted
                screen = renderer.screen(stack, pageSize: pageSize)
            }
        } else {
            screen = renderer.screen(stack, pageSize: pageSize)
        }
        // A page that could not be read: the page read before is drawn again, the failure
        // said once under it.
        let pageFailure = (list as? any PageFailureReporting)?.takePageFailure()
        if pageFailure != nil { screen = renderer.screen(stack, pageSize: pageSize) }
        shownPageSize = (ObjectIdentifier(list), pageSize)
        shownLeftOut = (ObjectIdentifier(list), screen.columnsLeftOut)
        emit(screen.text)
        if let pageFailure { report(pageFailure) }
    }

    /// The renderer for a terminal of `size` (the options' width without one).
    private func makeRenderer(size: (columns: Int, rows: Int)?) -> ScreenRenderer {
        var renderer = ScreenRenderer(
            width: size?.columns ?? options.width, style: TextStyle(enabled: options.color), widths: viewWidths,
            height: size?.rows ?? options.terminalRows, ascii: options.ascii)
        renderer.marksChanges = options.interactive
        return renderer
    }

    /// Scrolls the columns of `list`, the screen on top, so that `name`, shown but off the
    /// screen (scrolled past, or left out for lack of width), is drawn: back until it is the
    /// first of the columns that scroll, or on as little as brings it in, as a spreadsheet
    /// scrolls a cell into view. `false`, the scroll left as it was, when it has no room even
    /// first. A list drawn as lines, not a table, or with no rows to draw, has nothing to scroll.
    func scroll(toShow name: String, in list: any ListScreen) -> Bool {
        guard list.style == .columns, list.count > 0 else { return true }
        measureColumns(of: list)
        let renderer = makeRenderer(size: terminalSize?())
        let size = pageSize(for: list)
        func drawn(at offset: Int) -> Bool {
            list.columnChoice.scrollOffset = offset
            return renderer.screen(stack, pageSize: size).columnWidths[name] != nil
        }
        let current = list.columnChoice.scrollOffset
        guard !drawn(at: current) else { return true }
        let pinned = Set(list.columnChoice.pinnedColumns(list.columns).map(\.name))
        let scrolling = list.columnChoice.shown(list.columns).filter { !pinned.contains($0.name) }
        guard let index = scrolling.firstIndex(where: { $0.name == name }) else { return false }
        var low = index
        if index > current {
            // The least offset that draws it: a page drawn for each of about log2(c) offsets.
            low = current + 1
            var high = index
            while low < high {
                let middle = (low + high) / 2
                if drawn(at: middle) { high = middle } else { low = middle + 1 }
            }
        }
        guard drawn(at: low) else {
            list.columnChoice.scrollOffset = current
            return false
        }
        return true
    }

    /// Measures the widest value of each shown column over the view of `list`, once per view,
    /// before it is drawn: with a progress line and Ctrl-C, since a large file takes a pass
    /// over its bytes. Stopped, the widths follow the pages shown.
    private func measureColumns(of list: any ListScreen) {
        let names = list.columnChoice.shown(list.columns).map(\.name)
        guard list.state.hasRows, list.style == .columns, list.count > 0, !viewWidths.isMeasured(names, of: list)
        else { return }
        let measured = loader.runBeforeDrawing("measuring the columns of \(list.title)") { stop in
            try viewWidths.measure(names, of: list, stop: stop)
        }
        if !measured {
            notify("interrupted: measuring the columns of \(list.title); their widths follow the pages shown")
        }
    }

    /// Runs commands from `source` until `q`, the end of input, or a closed output.
    ///
    /// At a terminal, a first Ctrl-C cancels a running load and returns here.
    ///
    /// - Returns: `.success`, or `.failure` when a command of a non-interactive session failed.
    package func run(_ source: inout some LineSource) async -> ExitCode {
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
                await reaskResizedChart()
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
    package enum Step: Sendable {
        case proceed
        case quit
    }

    /// Runs one command line and draws what changed.
    package func execute(_ line: String) async -> Step {
        do {
            let command = try CommandParser.parse(line)
            return try await execute(command)
        } catch CommandError.empty {
            // At a prompt an empty line draws the screen again (as Ctrl-L does), the page as it
            // was; in a script it does nothing.
            if options.interactive { show() }
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
            // At a prompt the list on screen says why it did not load, with what to do: said
            // once there, not again above it. A script's transcript keeps the line on stderr.
            if options.interactive, let shown = currentList, shown === list {
                countFailure()
            } else {
                report(error)
            }
        case .arriving(let load):
            background[ObjectIdentifier(list)] = load
            Task { @MainActor [weak self] in
                await load.task?.value
                self?.backgroundEnded(load)
            }
            if options.interactive { Task { @MainActor [weak self] in await self?.redrawNote(of: load) } }
        }
    }

    /// While `load` goes on in the background, has the prompt draw its screen again whenever
    /// what the status line says of the rest changes (`indexing 23%` to `24%`): the rows that
    /// arrive all at once at the end would leave it at the first figure.
    private func redrawNote(of load: BackgroundLoad) async {
        var shown = load.list.receivingNote
        while !load.isFinished, background[ObjectIdentifier(load.list)] === load {
            try? await Task.sleep(for: Self.noteInterval)
            guard !load.isFinished, let list = currentList, list === load.list else { continue }
            let note = list.receivingNote
            if note != shown {
                shown = note
                TerminalMode.requestRedraw()
            }
        }
    }

    /// How often the status line's note on rows still arriving is looked at.
    private static let noteInterval = Duration.milliseconds(250)

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

    /// Whether the table of `list`, as last drawn, left every column that could be scrolled to
    /// on the screen.
    func showsEveryColumn(of list: any ListScreen) -> Bool {
        guard let shownLeftOut, shownLeftOut.list == ObjectIdentifier(list) else { return false }
        return shownLeftOut.count == 0
    }

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
