import BrowseSupport
import ListKit

/// The program's own options, each declared once with the type of its value: the parser
/// checks and reads them by these declarations, and `--help`, the shell completion scripts and
/// the manual page list them from here.
enum ProgramOptions {
    static let format = TypedOption<Invocation.OutputFormat>(
        "format", shortName: "f", kind: .choice(["table"] + ExportFormat.allCases.map(\.rawValue)), value: "FMT",
        summary: "print the view as FMT (table, csv, tsv, json or markdown) and exit"
    ) { text in
        text.lowercased() == "table" ? .table : ExportFormat(name: text).map { .export($0) }
    }
    static let filter = TypedOption.text(
        "filter", value: "TEXT", summary: "keep rows containing TEXT (prints and exits)")
    static let sort = TypedOption<String>(
        "sort", kind: .column, value: "COL[:desc]", summary: "sort by a column (prints and exits)"
    ) { $0 }
    static let condition = TypedOption<String>(
        "where", kind: .column, value: "EXPR",
        summary: "keep rows that satisfy EXPR: close > 500 and name ~ 積 (prints and exits)"
    ) { $0 }
    static let columns = TypedOption<[String]>(
        "columns", kind: .column, value: "COL,COL",
        summary: "only these columns, in this order (on screen and in exports)",
        expectation: "name columns: --columns code,close"
    ) { text in
        let names = text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }
    static let commands = TypedOption.text(
        "commands", shortName: "c", value: "'CMD; CMD'", summary: "run these session commands, then exit")
    static let width = TypedOption.integer(
        "width", in: Invocation.minimumWidth...Invocation.maximumWidth,
        summary: "fit N columns (default: the terminal, COLUMNS, or 80)",
        expectation: "give a width from \(Invocation.minimumWidth) to \(Invocation.maximumWidth) columns")
    static let pageSize = TypedOption.integer(
        "page-size", in: 1...100_000, summary: "rows per page (default: the terminal's height, or 20)",
        expectation: "give a number of rows from 1 to 100000")
    static let cacheDirectory = TypedOption.folder(
        "cache-dir", summary: "where downloads are cached (default ~/.cache/PROGRAM)")
    static let offline = TypedOption.flag("offline", summary: "use cached data only")
    static let ascii = TypedOption.flag("ascii", summary: "draw charts with * - | instead of braille dots")
    static let maxInput = TypedOption<ByteSize>(
        "max-input", kind: .text, value: "SIZE",
        summary: "the most a download, pipe or device may hold in memory (default 1G)",
        expectation:
            "give a size from \(Invocation.minimumMaxInput) to \(Invocation.maximumMaxInput), such as 500M or 2G"
    ) { text in
        guard let size = ByteSize(parsing: text), size >= Invocation.minimumMaxInput,
            size <= Invocation.maximumMaxInput
        else { return nil }
        return size
    }
    static let list = TypedOption.flag("list", summary: "list the datasets")
    static let completionScript = TypedOption<CompletionShell>(
        "generate-completion-script", kind: .choice(CompletionShell.allCases.map(\.rawValue)), value: "SHELL",
        summary: "print a Tab completion script for SHELL (bash, zsh or fish); the README says where it goes"
    ) { CompletionShell(rawValue: $0.lowercased()) }
    static let manual = TypedOption.flag("generate-manual", summary: "print the manual page, in roff")
    static let help = TypedOption.flag("help", shortName: "h", summary: "this help")
    static let version = TypedOption.flag("version", summary: "the version")

    /// The options that print the view and exit, in the order usage names them.
    static let batch = [format.declaration, filter.declaration, condition.declaration, sort.declaration]

    /// Every one, in the order `--help` lists them.
    static let all: [OptionDeclaration] = [
        format.declaration, filter.declaration, sort.declaration, condition.declaration, columns.declaration,
        commands.declaration, width.declaration, pageSize.declaration, cacheDirectory.declaration,
        offline.declaration, ascii.declaration, maxInput.declaration, list.declaration, completionScript.declaration,
        manual.declaration, help.declaration, version.declaration,
    ]
}
