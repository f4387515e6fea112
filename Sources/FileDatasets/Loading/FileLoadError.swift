import BrowseSupport
import ListKit
import ListKitNetworking
import Tabular

/// Why a file or URL that exists could not be shown; each description says what to do.
public enum FileLoadError: UserFacingError, Hashable {
    /// The file could not be opened or read (permissions, a folder, an I/O error).
    case unreadable(String, reason: String)
    /// The input holds no data at all.
    case empty(String)
    /// The input is an exchange's answer that it has no data, with the message it gave.
    case noData(String, message: String)
    /// The input has a NUL byte near `byteOffset`: it is not text.
    case binary(String, byteOffset: Int)
    /// The input is not UTF-8 (and no other encoding was asked for).
    case notUTF8(String, TextDecodingError)
    /// The input is UTF-16 text (a byte order mark, or NUL bytes in every other place).
    case utf16(String)
    /// `--encoding big5` was given but the bytes are not Big5.
    case notBig5(String, TextDecodingError)
    /// The download failed.
    case download(FetchError)
    /// URLs need the network and `--offline` was given.
    case offline(String)
    /// The input has more rows than the row index can number (four bytes a row).
    case tooManyRows(String, count: Int)
    /// The row index would not fit in the memory the process may still use.
    case notEnoughMemory(String, bytes: Int)
    /// Standard input, a pipe, a device or a file read into memory has more bytes than the
    /// input limit (`--max-input`); reading stopped there.
    case overLimit(String, limit: Int)
    /// The input is a web page (HTML), not a table: an error or sign-in page served in place
    /// of data, or a page saved by mistake. Its title, when it has one.
    case webPage(String, title: String?)
    /// The header (or first record) has more fields than the table shows.
    case tooManyColumns(String, count: Int, limit: Int)
    /// A JSON file that cannot be read as an array of objects.
    case json(String, JSONProblem)
    /// Another program shrank the file while it was open: rows past its new end are gone.
    case changedWhileOpen(String)
    /// Another program wrote to the file while it was open: the rows no longer match the index.
    case writtenWhileOpen(String)

    /// The error for a file that changed under its table (``FileChange``).
    static func changed(_ name: String, _ change: FileChange) -> FileLoadError {
        switch change {
        case .shrank: return .changedWhileOpen(name)
        case .written: return .writtenWhileOpen(name)
        }
    }

    /// What went wrong, without the input's name: the front end already names the input
    /// (`could not load ticks.csv: /data/ticks.csv: it is empty: …`).
    public var description: String {
        switch self {
        case .unreadable(_, let reason):
            return "cannot read it: \(reason)"
        case .empty:
            return "it is empty: there is nothing to show"
        case .noData(_, let message):
            let quoted = message.count > 200 ? String(message.prefix(200)) + "…" : message
            return "it holds no data: the exchange answered \"\(quoted)\""
        case .binary(_, let offset):
            return "it is not text (a NUL byte at byte offset \(offset)); CSV, TSV and JSON files can be opened"
        case .utf16:
            return "it is UTF-16 text, not UTF-8; convert it first (iconv -f UTF-16 -t UTF-8 FILE > NEW.csv)"
        case .notUTF8(_, let error):
            return "it is not UTF-8 text (\(error)); for a Big5 file add --encoding big5"
        case .notBig5(_, let error):
            return "it is not Big5 text (\(error)); leave out --encoding for UTF-8"
        case .download(let error):
            return error.description
        case .offline:
            return "offline: a URL needs the network once, and there is no earlier download of it; "
                + "run without --offline"
        case .notEnoughMemory(_, let bytes):
            return "not enough memory to index it (its rows need about \(ByteSize(bytes))); raise the limit (ulimit -v)"
        case .tooManyRows(_, let count):
            return "it has \(count) rows; at most \(UInt32.max - 1) rows can be opened"
        case .overLimit(_, let limit):
            return "stopped reading at \(ByteSize(limit)), the most read into memory"
        case .webPage(_, let title):
            let titled = title.map { " (\"\($0)\")" } ?? ""
            return "it is a web page\(titled), not a table; CSV, TSV and JSON files can be opened"
        case .tooManyColumns(_, let count, let limit):
            return "its first row has \(count) fields; at most \(limit) columns can be shown "
                + "(is the delimiter right? try --delimiter)"
        case .json(_, let problem):
            return problem.description
        case .changedWhileOpen(let name):
            return "the file changed while open (\(name) is shorter than when it was read)"
        case .writtenWhileOpen(let name):
            return "the file changed while open (\(name) was written to after it was read)"
        }
    }

    /// What could help: the download's own remedy, or a larger input limit.
    public var remedy: Remedy? {
        switch self {
        case .download(let error): return error.remedy
        case .overLimit: return .allowLargerInput
        case .changedWhileOpen, .writtenWhileOpen: return .reload
        default: return nil
        }
    }
}
