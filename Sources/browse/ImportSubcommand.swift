import BrowseSupport
import LineMode
import ListKit
import TWStock

/// `browse import FILE… [--date yyyy-mm-dd] [--code CODE]`: adds hand-downloaded TWSE, TPEx
/// and MOPS files to the cache. Exit 0 when every file was imported, 1 when any was refused (the
/// others are still imported), 2 for usage.
struct ImportSubcommand: Subcommand {
    var name: String { "import" }
    var synopsis: String { "FILE… [--date yyyy-mm-dd] [--code CODE]" }
    var summary: String { "add exchange files downloaded by hand to the cache, recognised by their content" }
    /// `--date yyyy-mm-dd`.
    static let date = TypedOption.date(
        "date", summary: "the trading date of files that do not carry one",
        expectation: "give the trading date as yyyy-mm-dd")
    /// `--code CODE`.
    static let code = TypedOption<StockCode>(
        "code", kind: .text, value: "CODE",
        summary: "the security of per-stock months that do not name it (else taken from the file name)",
        expectation: "give a code of 4–6 letters or digits"
    ) { StockCode($0) }

    var options: [OptionDeclaration] { [Self.date.declaration, Self.code.declaration] }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        let paths = invocation.arguments
        let date = try invocation.datasetOptions.value(Self.date)
        let code = try invocation.datasetOptions.value(Self.code)
        guard !paths.isEmpty else {
            throw UsageError.conflicting("import needs files: browse import FILE… [--date yyyy-mm-dd]")
        }
        let context = environment.context
        let store = try context.marketData()
        let messages = environment.messages
        var imported = 0
        var refused: [String] = []
        for outcome in Importer(store: store, maxFileBytes: context.maxInputBytes).importFiles(
            paths, date: date, code: code)
        {
            switch outcome {
            case .imported(let path, let kind, let records, let skipped):
                imported += 1
                let count = ExactDecimal(Int64(records)).formatted(grouping: true)
                try environment.output.write("imported \(VisibleText.make(path)): \(kind), \(count) records\n")
                for issue in skipped { messages.note("\(path): \(issue)") }
            case .refused(let path, let reason):
                refused.append(path)
                messages.note("not imported \(path): \(reason)")
            }
        }
        let total = paths.count
        var summary =
            "imported \(imported) of \(total) file\(total == 1 ? "" : "s") into \(context.cacheDirectory.path)"
        if !refused.isEmpty, total > 1 {
            summary += "; not imported: " + refused.map(VisibleText.make).joined(separator: ", ")
        }
        messages.note(summary)
        return refused.isEmpty ? .success : .failure
    }
}
