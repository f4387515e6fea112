import BrowseSupport
import ListKit

/// Why a name could not be opened as a file or URL, found before anything is read.
public enum FileOpenError: UserFacingError, Hashable {
    /// The name is neither an existing path nor an http(s) URL (a usage mistake).
    case notFound(String)
    /// A dataset option has a value that cannot work (a usage mistake).
    case badOption(option: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .notFound(let name):
            return "no file or URL named \"\(name)\""
        case .badOption(let option, let value, let expected):
            return "\(option) \(value): \(expected)"
        }
    }

    /// Both are mistakes in what was typed.
    public var exitCode: ExitCode { .usage }
}
