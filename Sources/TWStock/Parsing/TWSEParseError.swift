import BrowseSupport
import ListKit

/// Why a whole file could not be read. (A single bad row is not an error: it is skipped and
/// reported as a ``ParseIssue``.)
///
/// Each description is one line that says what was wrong and where:
///
/// ```text
/// STOCK_DAY JSON: asked for 2025-06 but TWSE answered for 2025-05; ask again later
/// STOCK_DAY JSON: TWSE says "很抱歉，沒有符合條件的資料!"
/// ```
package enum TWSEParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is TWSE's "FOR SECURITY REASONS, THIS PAGE CAN NOT BE ACCESSED" page: the
    /// client has been blocked, and there is no data in it.
    case blockPage(TWSEFormat)
    /// The file is not of the expected kind; `found` quotes what was there instead.
    case wrongKind(TWSEFormat, line: Int, found: String)
    /// The header lacks columns the format needs.
    case missingColumns(TWSEFormat, line: Int, [String])
    /// The bytes are neither UTF-8 nor Big5; `detail` gives the offset.
    case undecodable(TWSEFormat, detail: String)
    /// The JSON is not well-formed or not shaped as expected.
    case invalidJSON(TWSEFormat, detail: String)
    /// An HTML page whose tables could not be read (past the reader's limits).
    case unreadablePage(TWSEFormat, detail: String)
    /// The exchange answered with an error (`stat` other than `OK`); `message` is its own text.
    case exchangeMessage(TWSEFormat, message: String)
    /// The report covers another month than the one asked for.
    case wrongMonth(TWSEFormat, requested: YearMonth, received: YearMonth)
    /// The report covers another security than the one asked for.
    case wrongStock(TWSEFormat, requested: StockCode, received: StockCode)
    /// A day report answers for another day than the one asked for.
    case wrongDay(TWSEFormat, requested: CalendarDate, received: CalendarDate)
    /// The file holds no data at all.
    case empty(TWSEFormat)
    /// A per-stock file that does not name its security (no title line: saved from the English
    /// page, or re-saved by a spreadsheet), read without being told which it is.
    case unknownCode(TWSEFormat)

    /// The kind of file that failed.
    package var format: TWSEFormat {
        switch self {
        case .blockPage(let format), .wrongKind(let format, _, _), .missingColumns(let format, _, _),
            .undecodable(let format, _), .invalidJSON(let format, _), .unreadablePage(let format, _),
            .exchangeMessage(let format, _),
            .wrongMonth(let format, _, _), .wrongStock(let format, _, _), .wrongDay(let format, _, _),
            .empty(let format),
            .unknownCode(let format):
            return format
        }
    }

    /// One line saying what was wrong, where, and what to do.
    package var description: String {
        switch self {
        case .blockPage(let format):
            return "\(format): TWSE answered with its \"FOR SECURITY REASONS\" block page instead of data; "
                + "this address is refusing requests, so stop asking it for a while"
        case .wrongKind(let format, let line, let found):
            return "\(format), line \(line): this is not a \(format) file (found \(Self.quote(found)))"
        case .missingColumns(let format, let line, let columns):
            return "\(format), line \(line): the header lacks the column(s) \(columns.joined(separator: ", "))"
        case .undecodable(let format, let detail):
            return "\(format): the file is neither UTF-8 nor Big5 text (\(detail))"
        case .invalidJSON(let format, let detail), .unreadablePage(let format, let detail):
            return "\(format): \(detail)"
        case .exchangeMessage(let format, let message):
            return "\(format): \(format.publisher) says \"\(message)\""
        case .wrongMonth(let format, let requested, let received):
            return "\(format): asked for \(requested) but \(format.publisher) answered for \(received); ask again later"
        case .wrongDay(let format, let requested, let received):
            return "\(format): asked for \(requested) but \(format.publisher) answered for \(received); ask again later"
        case .wrongStock(let format, let requested, let received):
            return "\(format): asked for \(requested) but the report is for \(received)"
        case .empty(let format):
            return "\(format): the file holds no data"
        case .unknownCode(let format):
            return "\(format): the file does not name its security (it has no title line)"
        }
    }

    /// Quotes at most 60 characters of `text`.
    static func quote(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\"" + short + "\""
    }
}
