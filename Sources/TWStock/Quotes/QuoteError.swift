import BrowseSupport
import ListKit

/// Why a live quote could not be had. Each description is one line that says what happened
/// and what to do.
///
/// ```text
/// TWSE MIS says "查詢過於頻繁" (rtcode 5001); wait a minute and ask again
/// ```
package enum QuoteError: UserFacingError, Hashable {
    /// The service answered with an error: `rtcode` other than `0000`, or none at all.
    case service(rtcode: String?, message: String?)
    /// The body is not a quote answer (a block page, not JSON, no `msgArray`).
    case unreadable(String)
    /// The service knows none of the codes asked for.
    case unknownCodes([String])
    /// A code as typed is neither a security's nor an index's.
    case notACode(String)
    /// `quote` was given no code.
    case noCodes
    /// The request could not be made or answered.
    case fetch(String)

    package var description: String {
        switch self {
        case .service(let rtcode?, let message?) where !message.isEmpty:
            return "TWSE MIS says \"\(message)\" (rtcode \(rtcode)); wait a while and ask again"
        case .service(let rtcode?, _):
            return "TWSE MIS answered with rtcode \(rtcode) and no message; wait a while and ask again"
        case .service(nil, let message):
            let said = message.map { " (it says \"\($0)\")" } ?? ""
            return "TWSE MIS answered without a status code\(said); the answer cannot be trusted, ask again"
        case .unreadable(let detail):
            return "TWSE MIS: the answer is not a quote (\(detail))"
        case .unknownCodes(let codes):
            return "TWSE MIS has no quote for \(codes.joined(separator: ", ")); check the code(s)"
        case .notACode(let text):
            return "\"\(text)\" is not a security or index code (2330, 00632R, t00)"
        case .noCodes:
            return "quote needs at least one code: quote 2330 2317 t00"
        case .fetch(let detail):
            return detail
        }
    }

    package var exitCode: ExitCode {
        switch self {
        case .notACode, .noCodes: return .usage
        default: return .failure
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .service, .fetch: return .retryLater(seconds: nil)
        default: return nil
        }
    }
}
