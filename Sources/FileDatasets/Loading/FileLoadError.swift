import Fetching
import Tabular

/// Why a file or URL that exists could not be shown; each description says what to do.
public enum FileLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read (permissions, a folder, an I/O error).
    case unreadable(String, reason: String)
    /// The input holds no data at all.
    case empty(String)
    /// The input has a NUL byte near `byteOffset`: it is not text.
    case binary(String, byteOffset: Int)
    /// The input is not UTF-8 (and no other encoding was asked for).
    case notUTF8(String, TextDecodingError)
    /// `--encoding big5` was given but the bytes are not Big5.
    case notBig5(String, TextDecodingError)
    /// The download failed.
    case download(FetchError)
    /// URLs need the network and `--offline` was given.
    case offline(String)
    /// The file is larger than the row index can address.
    case tooLarge(String, bytes: Int)
    /// The header (or first record) has more fields than the table shows.
    case tooManyColumns(String, count: Int, limit: Int)
    /// A JSON file that cannot be read as an array of objects.
    case json(String, JSONProblem)

    public var description: String {
        switch self {
        case .unreadable(let name, let reason):
            return "cannot read \(name): \(reason)"
        case .empty(let name):
            return "\(name) is empty: there is nothing to show"
        case .binary(let name, let offset):
            return "\(name) is not a text file (a NUL byte at byte offset \(offset)); browse opens CSV, TSV and JSON"
        case .notUTF8(let name, let error):
            return "\(name) is not UTF-8 text (\(error)); for a Big5 file add --encoding big5"
        case .notBig5(let name, let error):
            return "\(name) is not Big5 text (\(error)); leave out --encoding for UTF-8"
        case .download(let error):
            return error.description
        case .offline(let url):
            return "offline: \(url) needs the network; run without --offline"
        case .tooLarge(let name, let bytes):
            return "\(name) has \(bytes) bytes; browse opens files up to 4 GiB"
        case .tooManyColumns(let name, let count, let limit):
            return "\(name) has \(count) fields in its first row; browse shows at most \(limit) columns "
                + "(is the delimiter right? try --delimiter)"
        case .json(let name, let problem):
            return "\(name): \(problem)"
        }
    }
}
