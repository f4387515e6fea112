import BrowseSupport
import Foundation
import ListKit
import Synchronization

/// Provenance per source, written by loaders and read by a screen's header.
final class ProvenanceLog: Sendable {
    private let entries = Mutex<[String: Provenance]>([:])

    func record(_ source: String, _ provenance: Provenance) {
        entries.withLock { $0[source] = provenance }
    }

    /// The oldest fetch among the sources, and whether every one came from the cache.
    var summary: (oldest: Date, allCached: Bool)? {
        entries.withLock { entries in
            guard let oldest = entries.values.map(\.fetchedAt).min() else { return nil }
            return (oldest, entries.values.allSatisfy(\.fromCache))
        }
    }

    /// `downloaded just now`, `cached 3 h ago`, `offline: cached 2 days ago`.
    func describe(now: Date, offline: Bool) -> String? {
        guard let summary else { return nil }
        let age = Freshness.age(of: summary.oldest, now: now)
        if offline { return "offline: cached \(age)" }
        return summary.allCached ? "cached \(age)" : "downloaded \(age)"
    }
}

/// A trading date learned by a loader, read by a header.
final class DateBox: Sendable {
    private let date = Mutex<CalendarDate?>(nil)

    var value: CalendarDate? { date.withLock { $0 } }

    func set(_ value: CalendarDate?) {
        date.withLock { $0 = value }
    }
}
