import Foundation

/// Where a download's bytes came from and when: what a screen says about its data.
public struct DownloadProvenance: Sendable, Hashable {
    /// When the bytes were fetched from the server (for a cached copy, when it was cached).
    public let fetchedAt: Date
    /// True when the cache answered and no request was made (or the request failed).
    public let fromCache: Bool
    /// The URL the bytes came from.
    public let source: String

    public init(fetchedAt: Date, fromCache: Bool, source: String) {
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        self.source = source
    }

    /// How long ago the bytes were fetched, in a few words (`just now`, `5 min ago`, `3 h ago`,
    /// `2 days ago`).
    public func age(now: Date) -> String { Self.age(of: fetchedAt, now: now) }

    /// How long ago `instant` was, in a few words (`just now`, `5 min ago`, `3 h ago`,
    /// `2 days ago`).
    public static func age(of instant: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(instant))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h ago"
        default: return "\(Int(seconds / 86_400)) days ago"
        }
    }
}

/// A download's bytes, where they came from, and what the person should know about them (a
/// refresh that failed, so an older copy answered).
public struct CachedDownload: Sendable, Hashable {
    public let body: Data
    public let provenance: DownloadProvenance
    /// Things that did not stop the download but that a person should be told, one line each.
    public let notes: [String]

    public init(body: Data, provenance: DownloadProvenance, notes: [String] = []) {
        self.body = body
        self.provenance = provenance
        self.notes = notes
    }
}
