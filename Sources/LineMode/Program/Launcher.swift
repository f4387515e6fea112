import BrowseSupport
import Foundation
import ListKit

/// Runs the program for an `Invocation`: a session, a batch view, a subcommand, or an
/// informational action. The `browse` executable only declares what it offers and calls this.
@MainActor
public struct Launcher {
    /// The datasets offered: those the program was built with, and a provider's once the
    /// command line is read.
    package private(set) var registry: DatasetRegistry
    package let terminal: TerminalInfo
    package let output: any TextSink
    package let errors: any TextSink
    /// Opens names that are not datasets (files, URLs).
    public var opener: (any ListOpener)?
    /// Verbs after the program's name (`import`).
    public var subcommands: [any Subcommand] = []
    /// Adds datasets known once the command line is read (manifests).
    public var provider: (any DatasetProvider)?
    /// The program: its name at the start of each message and in help, its version, and where
    /// its cache and history live.
    public var identity: ProgramIdentity
    /// The program's name, at the start of each message.
    package var program: String { identity.name }
    /// Services every dataset's context carries (`DatasetContext.services`): those the
    /// program sets where it starts, such as mirrors read from the environment. A service not
    /// set is made from the context when first asked for.
    public var services = DatasetServices()

    public init(
        identity: ProgramIdentity, registry: DatasetRegistry, terminal: TerminalInfo,
        output: any TextSink, errors: any TextSink
    ) {
        self.identity = identity
        self.registry = registry
        self.terminal = terminal
        self.output = output
        self.errors = errors
    }

    /// Runs a program of your own on ListKit and exits: the one call an outside package's
    /// `main.swift` needs.
    ///
    /// ```swift
    /// await Launcher.main(
    ///     identity: ProgramIdentity(name: "bookshelf", version: "1.0.0", summary: "our books"),
    ///     datasets: [BookshelfDataset()])
    /// ```
    ///
    /// - Parameters:
    ///   - identity: The program's name, version and one-line summary.
    ///   - datasets: What it offers, in the order it lists them.
    ///   - opener: Opens names that are not datasets (pass `FileOpener()` from FileDatasets
    ///     to offer files and URLs); `nil` offers datasets only.
    ///   - subcommands: Verbs of its own (`import`).
    ///   - services: Services every dataset's context carries; the others are made when first
    ///     asked for (the program's HTTP client).
    public static func main(
        identity: ProgramIdentity, datasets: [any Dataset], opener: (any ListOpener)? = nil,
        subcommands: [any Subcommand] = [], services: DatasetServices = DatasetServices()
    ) async -> Never {
        Signals.ignoreBrokenPipe()
        Signals.cleanUpBeforeEnding()
        MemoryPolicy.returnLargeBlocksToTheSystem()
        Interrupts.shared.install()
        let environment = ProcessInfo.processInfo.environment
        let errors = FileDescriptorSink(descriptor: STDERR_FILENO)
        let registry: DatasetRegistry
        do {
            registry = try DatasetRegistry(datasets)
        } catch {
            MessageWriter(sink: errors, program: identity.name).report(error, interactive: false)
            exit(ExitCode.failure.rawValue)
        }
        var launcher = Launcher(
            identity: identity, registry: registry, terminal: TerminalInfo.current(environment: environment),
            output: FileDescriptorSink(descriptor: STDOUT_FILENO), errors: errors)
        launcher.opener = opener
        launcher.subcommands = subcommands
        launcher.services = services
        let code = await launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(code.rawValue)
    }

    /// Options declared by the datasets and the opener, each once, in the order declared.
    package var declaredOptions: [OptionDeclaration] {
        var options = resolver.declaredOptions
        for option in provider?.options ?? [] where !options.contains(where: { $0.name == option.name }) {
            options.append(option)
        }
        return options
    }

    private var messages: MessageWriter {
        let writer = MessageWriter(sink: errors, program: program)
        if terminal.errorIsTerminal { writer.width = { TerminalInfo.currentSize()?.columns ?? 80 } }
        return writer
    }

    /// The options each owner declares, in the order `--help` lists them: each dataset's (which
    /// its commands share), the opener's, the provider's.
    var optionGroups: [OptionGroup] {
        var groups: [OptionGroup] = []
        for dataset in registry.datasets where !dataset.options.isEmpty {
            let commands = dataset.commands.map(\.name)
            let owner = commands.isEmpty ? dataset.id : "\(dataset.id) and \(OptionKind.list(commands))"
            groups.append(OptionGroup(owner: owner, options: dataset.options))
        }
        if let opener, !opener.options.isEmpty {
            groups.append(OptionGroup(owner: opener.optionsOwner, options: opener.options))
        }
        if let provider, !provider.options.isEmpty {
            groups.append(OptionGroup(owner: provider.optionsOwner, options: provider.options))
        }
        return groups
    }

    /// Parses `arguments` and runs them. `--complete WHAT WORD…`, which the shell completion
    /// scripts call, prints what a word of such a line could be.
    public func run(arguments: [String]) async -> ExitCode {
        if arguments.first == CommandLineCompletion.flag {
            return await CommandLineCompletion(launcher: self).run(Array(arguments.dropFirst()))
        }
        do {
            let invocation = try parse(arguments)
            return await withProvided(invocation).run(invocation)
        } catch {
            return fail(error)
        }
    }

    /// The command line read by every declaration the program has.
    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try Invocation.parse(
            arguments, options: declaredOptions,
            subcommands: Dictionary(subcommands.map { ($0.name, $0.options) }) { first, _ in first },
            commands: Dictionary(registry.commands.map { ($0.name, registry.options(of: $0)) }) { first, _ in first })
    }

    /// Names a provided dataset may not take, each with what it is.
    package var reservedNames: [String: String] {
        var reserved: [String: String] = [:]
        for word in SessionCommands.words { reserved[word] = "a session command" }
        for subcommand in subcommands { reserved[subcommand.name.lowercased()] = "a subcommand" }
        for command in registry.commands { reserved[command.name.lowercased()] = "a command" }
        for command in registry.screenCommands { reserved[command.name.lowercased()] = "a command of a screen" }
        for id in registry.ids { reserved[id.lowercased()] = "a built-in dataset" }
        for alias in registry.datasets.flatMap(\.aliases) {
            reserved[alias.lowercased()] = "a built-in dataset's other name"
        }
        return reserved
    }

    /// This launcher with the provider's datasets added; each one it could not add is one line
    /// on standard error (a subcommand, which may report them itself, gets none).
    /// - Parameter quietly: Say nothing of what could not be added (for completion).
    func withProvided(_ invocation: Invocation, quietly: Bool = false) -> Launcher {
        guard let provider else { return self }
        let (datasets, problems) = provider.datasets(
            options: invocation.datasetOptions, environment: terminal.environment, registry: registry,
            reserved: reservedNames)
        var isSubcommand = false
        if case .subcommand = invocation.action { isSubcommand = true }
        if !isSubcommand, !quietly {
            for problem in problems { messages.note(problem) }
        }
        var extended = self
        do {
            extended.registry = try DatasetRegistry(registry.datasets + datasets)
        } catch {
            if !quietly { messages.report(error, interactive: false) }
        }
        return extended
    }

    /// Runs a parsed invocation.
    package func run(_ invocation: Invocation) async -> ExitCode {
        switch invocation.action {
        case .help:
            return write(ProgramHelp(launcher: self).text)
        case .completionScript(let shell):
            return write(CompletionScript(launcher: self).text(for: shell))
        case .manual:
            return write(ManualPage(launcher: self, date: Self.clock(environment: terminal.environment)()).text)
        case .version:
            return write("\(identity.name) \(identity.version)\n")
        case .listDatasets:
            return write(HelpText.datasets(registry))
        case .batch:
            return await runBatch(invocation)
        case .session:
            return await runSession(invocation)
        case .subcommand(let name):
            guard let subcommand = subcommands.first(where: { $0.name == name }) else { return .usage }
            if invocation.helpRequested { return write(ProgramHelp.text(for: subcommand, program: program)) }
            return await run(subcommand, invocation)
        }
    }

    // MARK: - Session

    private func runSession(_ invocation: Invocation) async -> ExitCode {
        let context = makeContext(invocation)
        // With the data on standard input (`browse -`), commands come from the terminal.
        var commandDescriptor = STDIN_FILENO
        if invocation.target == TargetResolver.standardInputName, invocation.commands == nil {
            let terminalDescriptor = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            guard terminalDescriptor >= 0 else {
                return fail(
                    UsageError.conflicting(
                        "\(program) - reads the data from standard input, so commands cannot come from it and there is "
                            + "no terminal to read them from: give them with -c 'CMD; CMD', or print the view with "
                            + "--format FMT"))
            }
            commandDescriptor = terminalDescriptor
        }
        defer { if commandDescriptor != STDIN_FILENO { close(commandDescriptor) } }
        let session = Session(
            registry: registry, context: context,
            options: sessionOptions(invocation, commandsFromTerminal: commandDescriptor != STDIN_FILENO),
            output: output, errors: errors, opener: opener)
        if terminal.outputIsTerminal, invocation.width == nil, terminal.size != nil {
            // The window may be resized during the session: each screen fits it as it is then.
            session.terminalSize = { TerminalInfo.currentSize() }
        }
        // At a terminal the prompt edits, recalls and completes; a pipe, a file or -c read plain lines.
        var editor: LineEditor?
        if invocation.commands == nil {
            editor = LineEditor.atTerminal(
                input: commandDescriptor, output: STDOUT_FILENO, environment: terminal.environment, program: program,
                context: { [registry, resolver] in
                    CompletionContext.current(
                        stack: session.stack, registry: registry, context: context,
                        targetOptions: resolver.declaredOptions)
                },
                note: { [messages] message in messages.note(message) })
            Interrupts.shared.setKeepsSession(editor != nil)
        }
        if invocation.target != nil || invocation.command != nil {
            do {
                let screen = try screen(for: invocation, context: context)
                await session.start(with: screen)
                if let names = invocation.columns, screen.state.hasRows { try Self.pick(names, on: screen) }
            } catch {
                return fail(error)
            }
        }
        if let commands = invocation.commands {
            var lines = ScriptLines(commands)
            return await session.run(&lines)
        }
        if var editor { return await session.run(&editor) }
        var lines = FileDescriptorLines(descriptor: commandDescriptor)
        return await session.run(&lines)
    }

    private func sessionOptions(_ invocation: Invocation, commandsFromTerminal: Bool) -> SessionOptions {
        var options = SessionOptions(
            width: invocation.width ?? environmentWidth ?? terminal.size?.columns ?? 80,
            pageSize: invocation.pageSize,
            terminalRows: terminal.outputIsTerminal ? terminal.size?.rows : nil,
            color: terminal.colorEnabled,
            interactive: (terminal.inputIsTerminal || commandsFromTerminal) && invocation.commands == nil,
            animatesProgress: terminal.animatesProgress)
        options.ascii = invocation.ascii || !terminal.usesUTF8
        options.outputIsTerminal = terminal.outputIsTerminal
        options.errorsAreTerminal = terminal.errorIsTerminal
        return options
    }

    /// `COLUMNS`, when it holds a usable width; a value out of range is brought into it.
    private var environmentWidth: Int? {
        guard let text = terminal.environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
        return min(max(columns, Invocation.minimumWidth), Invocation.maximumWidth)
    }

    // MARK: - Batch

    private func runBatch(_ invocation: Invocation) async -> ExitCode {
        guard invocation.target != nil || invocation.command != nil else { return .usage }
        let context = makeContext(invocation)
        let screen: any ListScreen
        do {
            screen = try self.screen(for: invocation, context: context)
        } catch {
            return fail(error)
        }
        let loader = ScreenLoader(
            messages: messages, progressSink: errors, animatesProgress: terminal.animatesProgress, interactive: false)
        var outcome = await loader.load(screen, force: false)
        // Rows still arriving are waited for; a database table's exact count is not (it can take
        // minutes, and every row can be read already): the script goes on with the estimate.
        if case .arriving(let load) = outcome, !(screen.countIsEstimate && screen.state == .receiving) {
            outcome = await loader.wait(for: load)
        }
        switch outcome {
        case .loaded, .arriving: break
        case .interrupted: return .interrupted
        case .failed(let error): return fail(error)
        }
        if let names = invocation.columns {
            do {
                try Self.pick(names, on: screen)
            } catch {
                return fail(error)
            }
        }
        if let text = invocation.condition {
            do {
                try screen.applyWhere(try WhereParser.parse(text, columns: screen.columns))
            } catch {
                return fail(error)
            }
        }
        if let filter = invocation.filter {
            do {
                try screen.applyFilter(filter)
            } catch {
                return fail(error)
            }
        }
        if let sort = invocation.sort {
            do {
                try screen.applySort(sort)
            } catch {
                return fail(error)
            }
        }
        // A file that changed under the rows (cut short, written to) has made the where, filter
        // and sort read what is not its rows: say so, as the prompt does, rather than write them.
        if let problem = screen.dataProblem { return fail(problem) }
        if let plan = (screen as? any SnapshotPlanning)?.snapshotPlan {
            return await writeSnapshots(screen, plan: plan, invocation: invocation, loader: loader)
        }
        return writing {
            switch invocation.format ?? .table {
            case .table:
                let width =
                    invocation.width ?? environmentWidth ?? (terminal.outputIsTerminal ? terminal.size?.columns : nil)
                let table = BatchTable.render(screen, width: width)
                if let problem = screen.dataProblem { throw problem }
                try output.write(table)
            case .export(let format):
                // At a terminal the export is read, so it is made visible as a screen is.
                let sink: any TextSink = terminal.outputIsTerminal ? VisibleTextSink(output) : output
                try ViewExporter.export(screen, format: format) { (bytes: UnsafeRawBufferPointer) in
                    try sink.write(bytes: bytes)
                }
            }
        }
    }

    /// A snapshot, then one every `plan.seconds` (from the start of the one before) until
    /// `plan.count` have been written: each loaded afresh, the output flushed after each so a
    /// log file has every row at once. A snapshot that fails is said on standard error and
    /// skipped; three failures in a row end the run.
    private func writeSnapshots(
        _ screen: any ListScreen, plan: SnapshotPlan, invocation: Invocation, loader: ScreenLoader
    ) async -> ExitCode {
        let clock = ContinuousClock()
        let start = clock.now
        var failures = 0
        for index in 0..<max(1, plan.count) {
            if index > 0 {
                let due = start + .seconds(plan.seconds * index)
                let interrupted = await Interrupts.shared.cancellable {
                    try? await Task.sleep(until: due, clock: clock)
                }
                if interrupted { return .interrupted }
                switch await loader.load(screen, force: true) {
                case .interrupted: return .interrupted
                case .failed(let error): return fail(error)
                case .loaded, .arriving: break
                }
                if !screen.sourceFailures.isEmpty {
                    failures += 1
                    if failures >= Self.snapshotFailuresInARow {
                        messages.note("stopping: \(failures) snapshots in a row failed")
                        return .failure
                    }
                    continue
                }
                failures = 0
            }
            let code = writing {
                switch invocation.format ?? .table {
                case .table:
                    let width = invocation.width ?? environmentWidth
                    try output.write((index > 0 ? "\n" : "") + BatchTable.render(screen, width: width))
                case .export(let format):
                    try ViewExporter.exportSnapshot(screen, format: format, isFirst: index == 0) { text in
                        try self.output.write(text)
                    }
                }
            }
            if code != .success { return code }
        }
        return .success
    }

    /// Snapshots that may fail in a row before a repeated batch run gives up.
    static let snapshotFailuresInARow = 3

    /// `--columns a,b,c`: these columns only, in this order, by name or unique prefix.
    private static func pick(_ names: [String], on screen: any ListScreen) throws(ListError) {
        var order: [String] = []
        for name in names {
            let column = try screen.column(named: name)
            if !order.contains(column.name) { order.append(column.name) }
        }
        var choice = ColumnChoice()
        choice.order = order
        screen.columnChoice = choice
    }

    // MARK: - Subcommands

    private func run(_ subcommand: any Subcommand, _ invocation: Invocation) async -> ExitCode {
        let environment = ProgramEnvironment(output: output, messages: messages, context: makeContext(invocation))
        do {
            let code = try await subcommand.run(invocation, environment: environment)
            try output.flush()
            return code
        } catch OutputError.closed {
            return .success
        } catch {
            return fail(error)
        }
    }

    // MARK: - Helpers

    /// The screen an invocation starts in: its dataset command's, or its target's.
    func screen(for invocation: Invocation, context: DatasetContext) throws -> any ListScreen {
        if let name = invocation.command, let command = registry.command(named: name) {
            let declared = Set(registry.options(of: command).map(\.name))
            let arguments = DatasetCommand.Arguments(
                positionals: invocation.arguments, options: invocation.datasetOptions.filter(declared))
            return try command.makeScreen(arguments, context)
        }
        return try resolver.screen(for: invocation.target ?? "", context: context)
    }

    var resolver: TargetResolver {
        TargetResolver(registry: registry, opener: opener, insideSession: false)
    }

    /// - Parameter quietly: Say nothing of a cache folder that cannot be used (for completion).
    func makeContext(_ invocation: Invocation, quietly: Bool = false) -> DatasetContext {
        let cache = CacheLocation.resolve(
            explicit: invocation.cacheDirectory, environment: terminal.environment, program: identity.name)
        if let problem = cache.problem, !quietly { messages.note(problem) }
        return DatasetContext(
            cacheDirectory: cache.folder,
            offline: invocation.offline,
            now: Self.clock(environment: terminal.environment),
            environment: terminal.environment,
            options: invocation.datasetOptions,
            maxInputBytes: invocation.maxInput?.bytes ?? ByteSize.defaultInputLimit.bytes, program: identity,
            services: services)
    }

    /// The clock: `BROWSE_NOW` (an ISO 8601 instant) fixes it, for reproducible transcripts.
    package nonisolated static func clock(environment: [String: String]) -> @Sendable () -> Date {
        // The format style of FoundationEssentials, not `ISO8601DateFormatter`: that one builds
        // an ICU formatter, a few milliseconds of every run that sets the clock.
        if let text = environment["BROWSE_NOW"], let fixed = try? Date(text, strategy: .iso8601) {
            return { fixed }
        }
        return { Date() }
    }

    /// Writes informational output (`--help`, `--list`); a full disk is a failure.
    private func write(_ text: String) -> ExitCode {
        writing { try output.write(text) }
    }

    /// Runs `body`, which writes to standard output, and flushes: a closed pipe ends quietly
    /// with success, any other failure (a full disk) is reported.
    private func writing(_ body: () throws -> Void) -> ExitCode {
        do {
            try body()
            try output.flush()
        } catch OutputError.closed {
            return .success
        } catch {
            return fail(error)
        }
        return .success
    }

    /// Reports an error that ends the program and returns its exit status.
    func fail(_ error: any Error) -> ExitCode {
        try? output.flush()
        messages.report(error, interactive: false)
        return ErrorText.exitCode(for: error)
    }
}
