import Foundation
import ListKit

/// Runs the program for an `Invocation`: a session, a batch view, or an informational
/// action. The `browse` executable only parses arguments and calls this.
@MainActor
public struct Launcher {
    public let registry: DatasetRegistry
    public let terminal: TerminalInfo
    public let output: any TextSink
    public let errors: any TextSink
    /// Opens a name that is not a dataset (a file or URL); throws `OpenError.unknownName` when it is
    /// neither, or a `UsageError` for a bad option: both are usage errors (exit 2).
    public var opener: (@MainActor (String, DatasetContext) throws -> any ListScreen)?
    /// Options datasets understand, for `--help`.
    public var datasetOptions: [Invocation.DatasetOption] = []
    public var version = "0.1.0"

    public init(registry: DatasetRegistry, terminal: TerminalInfo, output: any TextSink, errors: any TextSink) {
        self.registry = registry
        self.terminal = terminal
        self.output = output
        self.errors = errors
    }

    /// Parses `arguments` and runs them.
    public func run(arguments: [String]) async -> ExitCode {
        do {
            let invocation = try Invocation.parse(arguments, datasetOptions: datasetOptions)
            return await run(invocation)
        } catch {
            return fail(error, code: .usage)
        }
    }

    /// Runs a parsed invocation.
    public func run(_ invocation: Invocation) async -> ExitCode {
        switch invocation.action {
        case .help:
            return write(ProgramHelp.usage(datasetOptions: datasetOptions))
        case .version:
            return write("browse \(version)\n")
        case .listDatasets:
            return write(HelpText.datasets(registry))
        case .batch:
            return await runBatch(invocation)
        case .session:
            return await runSession(invocation)
        }
    }

    // MARK: - Session

    private func runSession(_ invocation: Invocation) async -> ExitCode {
        let context = makeContext(invocation)
        // With the data on standard input (`browse -`), commands come from the terminal.
        var commandDescriptor = STDIN_FILENO
        if invocation.target == Self.standardInputName, invocation.commands == nil {
            let terminalDescriptor = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            guard terminalDescriptor >= 0 else {
                return fail(
                    UsageError.conflicting(
                        "browse - reads the data from standard input, so commands cannot come from it and there is "
                            + "no terminal to read them from: give them with -c 'CMD; CMD', or print the view with "
                            + "--format FMT"),
                    code: .usage)
            }
            commandDescriptor = terminalDescriptor
        }
        defer { if commandDescriptor != STDIN_FILENO { close(commandDescriptor) } }
        var sessionOpener: Session.Opener?
        if let opener {
            sessionOpener = { name in
                guard name != Self.standardInputName else {
                    throw UsageError.conflicting(
                        "open - cannot read standard input inside a session; start with browse - instead")
                }
                return try opener(name, context)
            }
        }
        let session = Session(
            registry: registry, context: context,
            options: sessionOptions(invocation, commandsFromTerminal: commandDescriptor != STDIN_FILENO),
            output: output, errors: errors, opener: sessionOpener)
        if let target = invocation.target {
            do {
                await session.start(with: try openTarget(target, context: context))
            } catch {
                return fail(error)
            }
        }
        if let commands = invocation.commands {
            var lines = ScriptLines(commands)
            return await session.run(&lines)
        }
        var lines = FileDescriptorLines(descriptor: commandDescriptor)
        return await session.run(&lines)
    }

    /// The name that stands for standard input.
    static let standardInputName = "-"

    private func sessionOptions(_ invocation: Invocation, commandsFromTerminal: Bool) -> SessionOptions {
        SessionOptions(
            width: invocation.width ?? environmentWidth ?? terminal.size?.columns ?? 80,
            pageSize: invocation.pageSize,
            terminalRows: terminal.outputIsTerminal ? terminal.size?.rows : nil,
            color: terminal.colorEnabled,
            interactive: (terminal.inputIsTerminal || commandsFromTerminal) && invocation.commands == nil,
            animatesProgress: terminal.animatesProgress)
    }

    /// `COLUMNS`, when it holds a usable width; a value out of range is brought into it.
    private var environmentWidth: Int? {
        guard let text = terminal.environment["COLUMNS"], let columns = Int(text), columns > 0 else { return nil }
        return min(max(columns, Invocation.minimumWidth), Invocation.maximumWidth)
    }

    // MARK: - Batch

    private func runBatch(_ invocation: Invocation) async -> ExitCode {
        guard let target = invocation.target else { return .usage }
        let context = makeContext(invocation)
        let screen: any ListScreen
        do {
            screen = try openTarget(target, context: context)
        } catch {
            return fail(error)
        }
        let reporter = ProgressReporter()
        let indicator = ProgressIndicator(
            title: screen.title, reporter: reporter, sink: errors, animated: terminal.animatesProgress)
        indicator.start()
        await screen.load(force: false, progress: reporter)
        indicator.stop()
        for message in reporter.takeNotes() { note(message) }
        if case .failed(let reason) = screen.state {
            return fail(SessionError.loadFailed(screen.title, reason: reason), code: .failure)
        }
        for failure in screen.sourceFailures {
            note(SessionError.sourceFailed(screen.title, failure).description)
        }
        if let filter = invocation.filter { screen.applyFilter(filter) }
        if let sort = invocation.sort {
            do {
                try screen.applySort(sort)
            } catch {
                return fail(error, code: .usage)
            }
        }
        do {
            switch invocation.format ?? .table {
            case .table:
                let width =
                    invocation.width ?? environmentWidth ?? (terminal.outputIsTerminal ? terminal.size?.columns : nil)
                try output.write(BatchTable.render(screen, width: width))
            case .export(let format):
                try ViewExporter.export(screen, format: format) { text in try output.write(text) }
            }
            try output.flush()
        } catch OutputError.closed {
            return .success
        } catch {
            return fail(error, code: .failure)
        }
        return .success
    }

    // MARK: - Helpers

    private func openTarget(_ target: String, context: DatasetContext) throws -> any ListScreen {
        if let dataset = registry.dataset(named: target) {
            return try dataset.makeRootScreen(context: context)
        }
        if let opener { return try opener(target, context) }
        throw OpenError.unknownName(target, datasets: registry.ids)
    }

    /// Reports an error from opening a target: a name that is nothing, or a bad dataset option,
    /// is a usage error (2); anything else a failure (1).
    private func fail(_ error: any Error) -> ExitCode {
        switch error {
        case OpenError.unknownName(let name, let datasets):
            return fail(UsageError.unknownDataset(name, datasets: datasets), code: .usage)
        case let error as DatasetOptionError:
            return fail(error, code: .usage)
        case let error as UsageError:
            return fail(error, code: .usage)
        default:
            return fail(error, code: .failure)
        }
    }

    private func makeContext(_ invocation: Invocation) -> DatasetContext {
        DatasetContext(
            cacheDirectory: CacheLocation.resolve(
                explicit: invocation.cacheDirectory, environment: terminal.environment),
            offline: invocation.offline,
            now: Self.clock(environment: terminal.environment),
            environment: terminal.environment,
            options: invocation.datasetOptions)
    }

    /// The clock: `BROWSE_NOW` (an ISO 8601 instant) fixes it, for reproducible transcripts.
    public nonisolated static func clock(environment: [String: String]) -> @Sendable () -> Date {
        if let text = environment["BROWSE_NOW"], let fixed = ISO8601DateFormatter().date(from: text) {
            return { fixed }
        }
        return { Date() }
    }

    private func write(_ text: String) -> ExitCode {
        do {
            try output.write(text)
            try output.flush()
        } catch {
            return .success
        }
        return .success
    }

    private func note(_ message: String) {
        try? errors.write("browse: \(message)\n")
        try? errors.flush()
    }

    private func fail(_ error: any Error, code: ExitCode) -> ExitCode {
        try? output.flush()
        note(String(describing: error))
        return code
    }
}

/// Where the cache lives: `--cache-dir`, else `$XDG_CACHE_HOME/browse`, else `~/.cache/browse`,
/// else (no home at all) a folder in the system's temporary directory.
public enum CacheLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("browse", isDirectory: true)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".cache/browse", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("browse-cache", isDirectory: true)
    }
}
