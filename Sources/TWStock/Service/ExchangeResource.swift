import Foundation
import ListKit
import ListKitNetworking

/// One thing the exchanges publish, described once for `MarketDataStore`: where it is cached
/// and downloaded from, when a cached copy may answer, and how its bytes become a value.
struct ExchangeResource<Value: Sendable> {
    /// The cache key (for dated data, the newest cached key).
    var key: String
    /// What it is, for messages (`the 上市 company list`).
    var title: String
    var url: URL
    /// Whether a cached entry may answer without a request.
    var isFresh: (CacheMetadata, Date) -> Bool
    /// Whether a cached entry can never change (a month fetched after it ended): it answers
    /// even when the person refreshes.
    var isFinal: ((CacheMetadata) -> Bool)?
    /// Parses bytes, given the trading date when the data is dated; a download that does not
    /// parse is never cached.
    var parse: ([UInt8], CalendarDate?) throws -> Value
    /// The rows the parser skipped, reported after a download.
    var issues: (Value) -> [ParseIssue]
    /// How many records the value holds: an empty answer never replaces cached data.
    var count: (Value) -> Int
    /// The trading date of a fresh download, when the data is dated.
    var tradingDate: (FetchedResponse) throws -> CalendarDate? = { _ in nil }
    /// For dated data, the key a download is stored under.
    var keyForDate: ((CalendarDate) -> String)?

    init(
        key: String, title: String, url: URL, isFresh: @escaping (CacheMetadata, Date) -> Bool,
        parse: @escaping ([UInt8], CalendarDate?) throws -> Value, issues: @escaping (Value) -> [ParseIssue],
        count: @escaping (Value) -> Int
    ) {
        self.key = key
        self.title = title
        self.url = url
        self.isFresh = isFresh
        self.parse = parse
        self.issues = issues
        self.count = count
    }
}
