import BrowseSupport
import ListKit

/// What the shell completion scripts ask the program at a Tab: `PROGRAM --complete WHAT WORD…`
/// prints, one per line, what the word being typed could be, given the words before it.
///
/// - `datasets`: the datasets' names, with those of the manifest folder the line names;
/// - `columns`: the columns of the dataset or file the line opens (read offline: a file's
///   first rows, a dataset's declared columns, never the network);
/// - `argument`: the suggestions of the dataset command's first word (`stock`'s codes, from
///   the cache).
///
/// It never fails out loud: a line it cannot read prints nothing, and Tab offers nothing.
@MainActor
struct CommandLineCompletion {
    /// The option that asks; the first argument, so no parser sees it.
    static let flag = "--complete"
    static let datasets = "datasets"
    static let columns = "columns"
    static let argument = "argument"
    static let kinds = [datasets, columns, argument]

    let launcher: Launcher

    func run(_ arguments: [String]) async -> ExitCode {
        guard let kind = arguments.first, Self.kinds.contains(kind) else {
            return launcher.fail(
                UsageError.badValue(
                    option: Self.flag, value: arguments.first ?? "",
                    expected: "use " + OptionKind.list(Self.kinds) + " (the completion scripts ask it)"))
        }
        let words = Array(arguments.dropFirst())
        let invocation = readable(words)
        let extended = launcher.withProvided(invocation, quietly: true)
        var context = extended.makeContext(invocation, quietly: true)
        context.offline = true
        let candidates: [String]
        switch kind {
        case Self.datasets:
            candidates = extended.registry.ids
        case Self.columns:
            candidates = await extended.columns(of: invocation, context: context)
        case Self.argument:
            guard let name = invocation.command, let command = extended.registry.command(named: name),
                invocation.arguments.isEmpty, let suggest = command.arguments.first?.suggestions
            else { return .success }
            candidates = suggest(context)
        default:
            return .success
        }
        do {
            try launcher.output.write(candidates.map { $0 + "\n" }.joined())
            try launcher.output.flush()
        } catch {
            return .failure
        }
        return .success
    }

    /// The words as the program reads them, leaving out from the end what does not read (an
    /// option whose value is being typed).
    private func readable(_ words: [String]) -> Invocation {
        var words = words
        while true {
            if let invocation = try? launcher.parse(words) { return invocation }
            guard !words.isEmpty else { return Invocation() }
            words.removeLast()
        }
    }
}

extension Launcher {
    /// The column names of what `invocation` opens: declared ones at once, a file's once its
    /// first rows are read.
    fileprivate func columns(of invocation: Invocation, context: DatasetContext) async -> [String] {
        guard invocation.target != TargetResolver.standardInputName,
            let screen = try? screen(for: invocation, context: context)
        else { return [] }
        if !screen.columnNames.isEmpty { return screen.columnNames }
        let load = BackgroundLoad(list: screen)
        load.start(force: false)
        await load.wait(untilRowsArrive: true)
        return screen.columnNames
    }
}
