import Foundation

/// A fake exchange serving the fixtures, and a cache folder of its own, for runs of the
/// program: ``environment`` points the program's exchange mirrors at the exchange, fixes its
/// clock at noon of 2025-06-30 in Taipei (``now``) and keeps its cache in ``cache``.
///
/// ```swift
/// let sandbox = try ExchangeSandbox()
/// defer { sandbox.close() }
/// let run = try Browse.run(["companies", "--format", "csv"], environment: sandbox.environment)
/// ```
public final class ExchangeSandbox: Sendable {
    /// The exchange's files as the tests keep them (`Tests/TWStockTests/Fixtures`).
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("TWStockTests/Fixtures")

    /// What the exchange serves, by `FakeExchange`'s names: the three company lists, one
    /// all-market day, a month of 2330 (TWSE) and two of 1240 (TPEx, one without trading).
    public static let files: [String: URL] = [
        "companies_L": fixture("t187ap03_L_bom_crlf.csv"),
        "companies_O": fixture("tpex_company_sample.json"),
        "companies_R": fixture("t187ap03_R_sample.csv"),
        "STOCK_DAY_ALL_20250304": fixture("STOCK_DAY_ALL_20250304_sample.csv"),
        "STOCK_DAY_2330_202506": fixture("STOCK_DAY_2330_202506_sample.json"),
        "TPEX_1240_202506": fixture("tpex_tradingStock_1240_202506.json"),
        "TPEX_1240_202505": fixture("tpex_tradingStock_1240_202505_empty.json"),
    ]

    /// June 30 2025, noon in Taipei (`BROWSE_NOW`): a drill fetches June.
    public static let now = "2025-06-30T04:00:00Z"

    /// The fixture file `name`.
    public static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    public let exchange: FakeExchange
    /// The program's cache folder (`XDG_CACHE_HOME`), made when first written.
    public let cache: URL

    /// A sandbox serving `files`.
    ///
    /// - Throws: What the loopback server throws when it cannot listen.
    public init(files: [String: URL] = ExchangeSandbox.files) throws {
        exchange = try FakeExchange(files: files)
        cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-exchange-\(UUID())")
    }

    /// Stops the exchange and removes the cache folder. Called by the test, in a `defer`: a
    /// sandbox's last use may come before the run that needs its exchange.
    public func close() {
        exchange.stop()
        try? FileManager.default.removeItem(at: cache)
    }

    /// The environment of a run in the sandbox: the exchange's mirrors, the fixed clock and the
    /// cache folder.
    public var environment: [String: String] {
        exchange.environment.merging(["BROWSE_NOW": Self.now, "XDG_CACHE_HOME": cache.path]) { $1 }
    }
}
