import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

/// One thing the exchanges publish, described once for `MarketDataStore`: where it is cached
/// and downloaded from, when a cached copy may answer, and how its bytes become a value.
struct ExchangeResource<Value: Sendable>: Sendable {
    /// The cache key (for dated data, the newest cached key).
    var key: String
    /// What it is, for messages (`the 上市 company list`).
    var title: String
    var url: URL
    /// A form sent with POST (TPEx's bulletins); `nil` asks with GET.
    var body: RequestBody?
    /// Whether a cached entry may answer without a request.
    var isFresh: @Sendable (CacheMetadata, Date) -> Bool
    /// Whether a cached entry can never change (a month fetched after it ended): it answers
    /// even when the person refreshes.
    var isFinal: (@Sendable (CacheMetadata) -> Bool)?
    /// Parses bytes, given the trading date when the data is dated; a download that does not
    /// parse is never cached.
    var parse: @Sendable ([UInt8], CalendarDate?) throws -> Value
    /// The rows the parser skipped, reported after a download.
    var issues: @Sendable (Value) -> [ParseIssue]
    /// How many records the value holds: an empty answer never replaces cached data.
    var count: @Sendable (Value) -> Int
    /// The trading date of a fresh download, when the data is dated.
    var tradingDate: (@Sendable (FetchedResponse) throws -> CalendarDate)?
    /// For dated data, the key a download is stored under.
    var keyForDate: (@Sendable (CalendarDate) -> String)?

    init(
        key: String, title: String, url: URL, isFresh: @escaping @Sendable (CacheMetadata, Date) -> Bool,
        parse: @escaping @Sendable ([UInt8], CalendarDate?) throws -> Value,
        issues: @escaping @Sendable (Value) -> [ParseIssue], count: @escaping @Sendable (Value) -> Int
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

extension ExchangeResource {
    /// The rule the downloader reads this resource by: a dated resource is kept under the key
    /// of its date, and a download without its date is refused.
    var rule: DownloadRule<Value> {
        let (parse, keyForDate, tradingDate, key) = (self.parse, self.keyForDate, self.tradingDate, self.key)
        var storage: (@Sendable (FetchedResponse) throws -> (key: String, date: CalendarDate?))?
        if let tradingDate {
            storage = { response in
                let date = try tradingDate(response)
                return (keyForDate?(date) ?? key, date)
            }
        }
        return DownloadRule(
            title: title, isFresh: isFresh, isFinal: isFinal,
            decode: { body, date in try parse(Array(body), date) },
            isEmpty: { [count] value in count(value) == 0 }, storage: storage)
    }
}
