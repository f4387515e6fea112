import BrowseSupport
import ListKit

/// Commands that do not fit the current screen, and loads that failed.
package enum SessionError: UserFacingError, Hashable {
    case notAList(String)
    case onAChart(String)
    case noSuchPage(Int, pages: Int)
    case loadFailed(String, reason: String, remedy: Remedy?)
    case interrupted(String)
    case nothingLeftToShow
    /// An export to a file was cancelled; the file was not written.
    case exportInterrupted(path: String)
    /// The process is close to its memory limit: the command was not run.
    case lowOnMemory(String)

    package var description: String {
        switch self {
        case .notAList(let command):
            return "\(command) works on a list, and this is a detail view; b goes back to the list"
        case .onAChart(let command):
            return "\(command) works on a list, and this is a chart; b goes back to the list"
        case .noSuchPage(let number, let pages):
            let shown = number == Int.max ? "that large" : String(number)
            return pages == 1
                ? "there is no page \(shown): there is only page 1" : "there is no page \(shown): choose 1–\(pages)"
        case .loadFailed(let title, let reason, _):
            return "could not load \(title): \(reason)"
        case .interrupted(let what):
            return "interrupted: \(what) was cancelled"
        case .nothingLeftToShow:
            return "that would hide every column; show all brings them back"
        case .exportInterrupted(let path):
            return "interrupted: the export was cancelled and \(path) was not written"
        case .lowOnMemory(let command):
            return
                "not enough memory left to run \(command) (less than \(SessionError.memoryHeadroom >> 20) MiB under the "
                + "process's limit); nothing was changed: b frees a screen, or raise the limit (ulimit -v)"
        }
    }

    /// The memory a command that works over the rows must be able to allocate before it runs:
    /// an allocation that fails in Swift ends the program, so work stops short of the limit.
    static let memoryHeadroom = 64 << 20

    package var remedy: Remedy? {
        if case .loadFailed(_, _, let remedy) = self { return remedy }
        return nil
    }
}

/// A name after `open` or on the command line that is neither a dataset nor a file.
package enum OpenError: UserFacingError, Hashable {
    /// Nothing is named `name`; `filesAndURLs` is true when the program also opens files and URLs.
    case unknownName(String, datasets: [String], filesAndURLs: Bool)
    /// `name` is written as a path (`/data/prices.csv`, `prices.csv`) and no file is there.
    case noSuchFile(String)

    package var description: String {
        switch self {
        case .unknownName(let name, let datasets, let filesAndURLs):
            let what = filesAndURLs ? "dataset, file or URL" : "dataset"
            let describe = filesAndURLs ? " (--list describes them)" : ""
            return "no \(what) named \"\(CommandError.excerpt(name))\"; datasets: \(datasets.joined(separator: ", "))"
                + describe
        case .noSuchFile(let name):
            return "\(CommandError.excerpt(name)): no such file"
        }
    }

    /// A name given on the command line that nothing answers to is a usage mistake.
    package var exitCode: ExitCode { .usage }
}

/// A chart that cannot be drawn from the columns named.
package enum ChartError: UserFacingError, Hashable {
    case noNumericColumn(String)
    case notNumeric(String, numeric: [String])
    case notAnAxis(String)

    package var description: String {
        switch self {
        case .noNumericColumn(let title):
            return "chart draws numbers, and \(title) has no numeric column"
        case .notNumeric(let name, let numeric):
            return "\(name) is not a numeric column; chart one of: \(numeric.joined(separator: ", "))"
        case .notAnAxis(let name):
            return "\(name) holds no numbers, dates or times; chart by a number, date or time column, or leave by out"
        }
    }
}
