import Foundation

/// How long a cached download answers for itself before the server is asked again.
///
/// ```swift
/// let tenMinutes = DownloadFreshness.minutes(10)  // .lasts(seconds: 600)
/// let sixHours = DownloadFreshness(parsing: "6h")  // .lasts(seconds: 21_600)
/// let forever = DownloadFreshness(parsing: "forever")  // a past month, a release: never asked again
/// ```
public enum DownloadFreshness: Sendable, Hashable, CustomStringConvertible {
    /// Every fetch asks the server; the cached copy is only the fallback when it fails.
    case always
    /// A copy younger than this many seconds answers without a request.
    case lasts(seconds: Int)
    /// A cached copy never goes stale (data that never changes once published).
    case forever

    /// A copy younger than `count` minutes answers without a request.
    public static func minutes(_ count: Int) -> DownloadFreshness { .lasts(seconds: count * 60) }

    /// A copy younger than `count` hours answers without a request.
    public static func hours(_ count: Int) -> DownloadFreshness { .lasts(seconds: count * 3600) }

    /// A copy younger than `count` days answers without a request.
    public static func days(_ count: Int) -> DownloadFreshness { .lasts(seconds: count * 86_400) }

    /// Reads `always`, `forever`, or a whole number with a unit: `90s`, `30m`, `6h`, `1d`, `2w`.
    ///
    /// - Returns: `nil` for anything else (a negative number, a fraction, a unit it does not know).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "always", "0": self = .always
        case "forever": self = .forever
        default:
            guard let unit = trimmed.last, let number = Int(trimmed.dropLast()), number >= 0 else { return nil }
            let scale: Int
            switch unit {
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3600
            case "d": scale = 86_400
            case "w": scale = 7 * 86_400
            default: return nil
            }
            let (seconds, overflow) = number.multipliedReportingOverflow(by: scale)
            guard !overflow else { return nil }
            self = seconds == 0 ? .always : .lasts(seconds: seconds)
        }
    }

    /// True when a copy fetched at `fetchedAt` may answer at `now` without a request. A copy
    /// dated in the future (a clock set back) is not trusted.
    public func isFresh(fetchedAt: Date, now: Date) -> Bool {
        switch self {
        case .always: return false
        case .forever: return true
        case .lasts(let seconds):
            let age = now.timeIntervalSince(fetchedAt)
            return age >= 0 && age < TimeInterval(seconds)
        }
    }

    /// As `init(parsing:)` reads it: `always`, `forever`, `6h`.
    public var description: String {
        switch self {
        case .always: return "always"
        case .forever: return "forever"
        case .lasts(let seconds):
            for (unit, size) in [("w", 7 * 86_400), ("d", 86_400), ("h", 3600), ("m", 60)] where seconds % size == 0 {
                return "\(seconds / size)\(unit)"
            }
            return "\(seconds)s"
        }
    }
}
