import ListKit

/// Commands that do not fit the current screen, and loads that failed.
public enum SessionError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAList(String)
    case noSuchPage(Int, pages: Int)
    case loadFailed(String, reason: String)
    case sourceFailed(String, SourceFailure)
    case interrupted(String)

    public var description: String {
        switch self {
        case .notAList(let command):
            return "\(command) works on a list, and this is a detail view; b goes back to the list"
        case .noSuchPage(let number, let pages):
            let shown = number == Int.max ? "that large" : String(number)
            return pages == 1
                ? "there is no page \(shown): there is only page 1" : "there is no page \(shown): choose 1–\(pages)"
        case .loadFailed(let title, let reason):
            return "could not load \(title): \(reason)"
        case .interrupted(let what):
            return "interrupted: \(what) was cancelled"
        case .sourceFailed(let title, let failure):
            return "\(title): \(failure.source) did not load: \(failure.reason); the rest is shown"
        }
    }
}

/// A name after `open` or on the command line that is neither a dataset nor a file.
public enum OpenError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownName(String, datasets: [String])

    public var description: String {
        switch self {
        case .unknownName(let name, let datasets):
            return "no dataset named \"\(CommandError.excerpt(name))\"; datasets: \(datasets.joined(separator: ", "))"
        }
    }
}
