import Foundation
import ListKit

/// A browsing session: a navigation stack driven by one command per line.
///
/// The session reads commands from any `LineSource`, writes screens and data to `output`
/// and every message to `errors`. It never reads the terminal itself, so the same code
/// serves a person at a terminal, a pipe, `-c`, and tests.
@MainActor
public final class Session {
    public let stack: NavigationStack
    private let registry: DatasetRegistry
    private let context: DatasetContext
    private let options: SessionOptions
    private let output: any TextSink
    private let errors: any TextSink
    private let opener: Opener
    private var failed = false
    private var outputClosed = false
    /// Why output failed (a full disk), reported once at the end.
    private var outputFailure: OutputError?

    /// Opens a name typed after `open`: a dataset id, or (when a program adds it) a file or URL.
    public typealias Opener = @MainActor (String) throws -> any ListScreen

    /// A session that starts at the list of datasets.
    ///
    /// - Parameters:
    ///   - opener: Resolves `open NAME` beyond the registry's datasets; `nil` knows only datasets.
    public init(
        registry: DatasetRegistry, context: DatasetContext, options: SessionOptions,
        output: any TextSink, errors: any TextSink, opener: Opener? = nil
    ) {
        self.registry = registry
        self.context = context
        self.options = options
        self.output = output
        self.errors = errors
        self.stack = NavigationStack(root: .list(registry.rootScreen(context: context)))
        self.opener = opener ?? { name in throw OpenError.unknownName(name, datasets: registry.ids) }
    }

    /// True when a command failed; a script then ends with a failure status.
    public var hadFailure: Bool { failed }

    // MARK: - Running

    /// Opens `screen` on top of the dataset list and loads it.
    public func start(with screen: any ListScreen) async {
        Interrupts.shared.setInteractive(options.interactive)
        stack.push(.list(screen))
        await loadIfNeeded(screen)
    }

    /// Draws the current screen.
    public func show() {
        emit(renderer.render(stack, pageSize: currentPageSize))
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
            if options.interactive { prompt() }
            guard let input = source.nextLine() else { break }
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
            }
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
            notify(CommandError.empty.description)
        } catch {
            report(error)
        }
        return .proceed
    }

    private func execute(_ command: Command) async throws -> Step {
        switch command {
        case .quit:
            return .quit
        case .help:
            emit(HelpText.session(commands: currentList?.commands ?? []))
        case .list:
            emit(HelpText.datasets(registry))
        case .back:
            if stack.pop() { show() } else { notify("already at the dataset list") }
        case .home:
            stack.home()
            show()
        case .open(let name):
            let screen = try open(name)
            stack.push(.list(screen))
            await loadIfNeeded(screen)
            show()
        case .export(let format, let path):
            try export(format, to: path)
        case .refresh:
            let list = try requireList("r")
            await load(list, force: true)
            show()
        case .select(let row):
            try await select(row: row)
        case .nextPage, .previousPage:
            try await turnPage(forward: command == .nextPage)
        case .page(let number):
            let list = try requireList("g")
            let size = pageSize(for: list)
            guard let start = Paging.start(ofPage: number, count: list.count, pageSize: size) else {
                let pages = Paging(count: list.count, pageSize: size, position: 0).pageCount
                throw SessionError.noSuchPage(number, pages: pages)
            }
            list.move(to: start)
            show()
        case .filter(let text):
            try requireList("/").applyFilter(text)
            show()
        case .sort(let order):
            try requireList("sort").applySort(order)
            show()
        case .custom(let name, let arguments):
            guard let custom = currentList?.commands.first(where: { $0.name == name }) else {
                throw CommandError.unknownCommand(name)
            }
            let reporter = ProgressReporter()
            let selection = try await withProgress(title: custom.name, reporter: reporter) {
                try await custom.run(arguments, reporter)
            }
            try await handle(selection, from: currentList, row: nil)
        }
        return .proceed
    }

    // MARK: - Commands

    private func select(row: Int) async throws {
        guard case .list(let list) = stack.top else { throw SessionError.notAList("a row number") }
        guard row >= 1, row <= list.count else { throw ListError.rowOutOfRange(row: row, count: list.count) }
        let selection = try list.select(at: row - 1)
        try await handle(selection, from: list, row: row - 1)
    }

    private func turnPage(forward: Bool) async throws {
        switch stack.top {
        case .list(let list):
            let page = Paging(count: list.count, pageSize: pageSize(for: list), position: list.position)
            if forward {
                guard page.number < page.pageCount else { return notify("already on the last page") }
                list.move(to: page.range.upperBound)
            } else {
                guard page.number > 1 else { return notify("already on the first page") }
                list.move(to: page.range.lowerBound - pageSize(for: list))
            }
            show()
        case .detail(_, let list, let row):
            guard let list, let row else { throw SessionError.notAList(forward ? "n" : "p") }
            let next = forward ? row + 1 : row - 1
            guard (0..<list.count).contains(next) else {
                return notify(forward ? "this is the last row" : "this is the first row")
            }
            let selection = try list.select(at: next)
            guard case .detail(let detail) = selection else {
                throw SessionError.notAList(forward ? "n" : "p")
            }
            stack.replaceTop(.detail(detail, from: list, row: next))
            show()
        }
    }

    private func handle(_ selection: Selection, from list: (any ListScreen)?, row: Int?) async throws {
        switch selection {
        case .none:
            show()
        case .message(let message):
            emit(VisibleText.make(message) + "\n")
        case .detail(let detail):
            stack.push(.detail(detail, from: list, row: row))
            show()
        case .push(let screen):
            stack.push(.list(screen))
            await loadIfNeeded(screen)
            show()
        case .pending(let title, let resolve):
            let reporter = ProgressReporter()
            let resolved = try await withProgress(title: title, reporter: reporter) { try await resolve(reporter) }
            try await handle(resolved, from: list, row: row)
        }
    }

    private func open(_ name: String) throws -> any ListScreen {
        if let dataset = registry.dataset(named: name) {
            return try dataset.makeRootScreen(context: context)
        }
        return try opener(name)
    }

    private func export(_ format: ExportFormat, to path: String?) throws {
        let list: any ListScreen
        if case .detail(let detail, _, _) = stack.top {
            // A detail exports what it shows: its fields as rows.
            list = GenericListController(title: detail.title, items: detail.fields.enumerated().map(IndexedField.init))
            {
                (row: inout ColumnsRow, item) in
                row["field"] = .text(item.field.name)
                row["value"] = .text(item.field.value)
            } select: { _ in
                .none
            }
        } else {
            list = try requireList("export")
        }
        guard let path else {
            try ViewExporter.export(list, format: format) { text in
                do throws(OutputError) {
                    try self.output.write(text)
                } catch {
                    self.stopOutput(error)
                    throw error
                }
            }
            flush()
            return
        }
        let count = try ViewExporter.export(list, format: format, toFile: path)
        notify("wrote \(NumberText.grouped(count)) row\(count == 1 ? "" : "s") to \(VisibleText.make(path))")
    }

    private func requireList(_ command: String) throws -> any ListScreen {
        guard case .list(let list) = stack.top else { throw SessionError.notAList(command) }
        switch list.state {
        case .loaded: return list
        case .failed(let reason):
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) did not load (\(reason)); r tries again")
        case .idle, .loading:
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) is not loaded yet; r loads it")
        }
    }

    private var currentList: (any ListScreen)? {
        if case .list(let list) = stack.top { return list }
        return nil
    }

    // MARK: - Loading

    private func loadIfNeeded(_ screen: any ListScreen) async {
        guard screen.state == .idle else { return }
        await load(screen, force: false)
    }

    private func load(_ list: any ListScreen, force: Bool) async {
        let reporter = ProgressReporter()
        let indicator = ProgressIndicator(
            title: list.title, reporter: reporter, sink: errors, animated: options.animatesProgress)
        indicator.start()
        let interrupted = await Interrupts.shared.cancellable { await list.load(force: force, progress: reporter) }
        indicator.stop()
        for note in reporter.takeNotes() { notify(note) }
        if interrupted {
            notify("interrupted: the load of \(list.title) was cancelled; r tries again")
            return
        }
        if case .failed(let reason) = list.state {
            report(SessionError.loadFailed(list.title, reason: reason))
        } else {
            // Part of the data is shown: a warning, not a failed command.
            for failure in list.sourceFailures {
                notify(SessionError.sourceFailed(list.title, failure).description)
            }
        }
    }

    private func withProgress(
        title: String, reporter: ProgressReporter, _ work: @escaping @MainActor () async throws -> Selection
    ) async throws -> Selection {
        let indicator = ProgressIndicator(
            title: title, reporter: reporter, sink: errors, animated: options.animatesProgress)
        indicator.start()
        defer {
            indicator.stop()
            for note in reporter.takeNotes() { notify(note) }
        }
        let outcome = Holder<Result<Selection, any Error>>()
        let interrupted = await Interrupts.shared.cancellable {
            do {
                outcome.value = .success(try await work())
            } catch {
                outcome.value = .failure(error)
            }
        }
        if interrupted { throw SessionError.interrupted(title) }
        guard let result = outcome.value else { throw SessionError.interrupted(title) }
        return try result.get()
    }

    // MARK: - Output

    private var renderer: ScreenRenderer {
        ScreenRenderer(width: options.width, style: TextStyle(enabled: options.color))
    }

    private var currentPageSize: Int {
        currentList.map(pageSize(for:)) ?? options.pageSize ?? SessionOptions.defaultPageSize
    }

    private func pageSize(for list: any ListScreen) -> Int {
        options.pageSize(linesPerRow: list.style == .subtitle ? 2 : 1, headerLines: list.headerLines.count)
    }

    private func prompt() {
        emit("> ")
        flush()
    }

    /// A script's command is shown after a prompt, as a person's typing would be, so a
    /// transcript reads like the session it was.
    private func echo(_ line: String) {
        guard !options.interactive else { return }
        emit("\n> " + VisibleText.make(CommandError.excerpt(line)) + "\n")
        flush()
    }

    private func emit(_ text: String) {
        guard !outputClosed else { return }
        do throws(OutputError) {
            try output.write(text)
        } catch {
            stopOutput(error)
        }
    }

    private func flush() {
        guard !outputClosed else { return }
        do throws(OutputError) {
            try output.flush()
        } catch {
            stopOutput(error)
        }
    }

    /// Output cannot go on: a closed pipe ends the session quietly, a failure is reported.
    private func stopOutput(_ error: OutputError) {
        guard !outputClosed else { return }
        outputClosed = true
        if case .failed = error {
            outputFailure = error
            failed = true
            try? errors.write("browse: \(error)\n")
            try? errors.flush()
        }
    }

    /// A message that is not a failure (`already on the last page`).
    private func notify(_ message: String) {
        flush()
        try? errors.write("browse: \(message)\n")
        try? errors.flush()
    }

    /// A failure: one line on standard error; a script will end with status 1.
    private func report(_ error: any Error) {
        if let error = error as? OutputError {
            stopOutput(error)
            return
        }
        failed = true
        notify(String(describing: error))
    }
}

/// A detail field with its place, so a detail can be listed and exported like any list.
private struct IndexedField: Identifiable, Sendable {
    let id: Int
    let field: Detail.Field

    init(_ offset: Int, _ field: Detail.Field) {
        self.id = offset
        self.field = field
    }
}

/// A value filled in by work that runs in its own task on the main actor.
@MainActor
private final class Holder<Value> {
    var value: Value?
}
