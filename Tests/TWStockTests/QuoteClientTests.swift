import FakeExchange
import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

@testable import TWStock

/// The quote client against a loopback MIS service whose answer changes between requests.
@Suite struct QuoteClientTests {
    private func client(_ service: FakeQuoteService, throttleFolder: URL) -> QuoteClient {
        let http = HTTPClient(
            throttle: HostThrottle(folder: throttleFolder), idleTimeout: 10, deadline: 30,
            userAgent: ProgramIdentity.tests.userAgent)
        return QuoteClient(base: service.server.baseURL, client: http, now: { Date() })
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quote-throttle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The front page first, for the cookie; then every code in one request, carrying it.
    @Test func oneRequestForAllCodesWithTheSessionCookie() async throws {
        let service = try FakeQuoteService(files: [Fixture.folder.appendingPathComponent("mis_quote_mixed_4dp.json")])
        defer { service.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = client(service, throttleFolder: folder)
        let codes = ["2330", "6223", "t00"].compactMap(QuoteCode.init)
        let snapshot = try await quotes.snapshot(of: codes, knownMarkets: [codes[1]: .otc])
        #expect(snapshot.quotes.map(\.code.rawValue) == ["2330", "6223", "t00"])
        let log = service.server.requests
        #expect(log.map(\.path) == ["/stock/index.jsp", "/stock/api/getStockInfo.jsp"])
        #expect(log[0].headers["cookie"] == nil)
        #expect(log[1].headers["cookie"] == FakeQuoteService.cookie)
        let channels = try #require(log[1].query("ex_ch"))
        #expect(channels.removingPercentEncoding == "tse_2330.tw|otc_6223.tw|tse_t00.tw")
        #expect(log[1].query("json") == "1")
        #expect(log[1].query("delay") == "0")
    }

    /// A code no list knows is asked of TWSE, then of TPEx when TWSE has no quote of it; the
    /// market found is remembered, so the next refresh asks once.
    @Test func unknownMarketTriesTWSEThenTPEx() async throws {
        let empty = LoopbackServer.Response(
            status: 200, text: #"{"msgArray":[],"rtcode":"0000","rtmessage":"OK"}"#)
        let otc = LoopbackServer.Response(
            status: 200,
            text: #"{"msgArray":[{"c":"6223","n":"旺矽","z":"110.5000","y":"109.6000","ex":"otc"}],"rtcode":"0000"}"#)
        let service = try FakeQuoteService(answers: [empty, otc])
        defer { service.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = client(service, throttleFolder: folder)
        let code = try #require(QuoteCode("6223"))
        let first = try await quotes.snapshot(of: [code])
        #expect(first.quotes.first?.market == .otc)
        _ = try await quotes.snapshot(of: [code])
        let asked = service.quoteRequests.compactMap { $0.query("ex_ch")?.removingPercentEncoding }
        #expect(asked == ["tse_6223.tw", "otc_6223.tw", "otc_6223.tw"])
    }

    /// Each refresh shows the service's new answer; the front page is asked once; and however
    /// fast the refreshes are asked for, the server never sees more than 3 requests in 5 s.
    @Test func refreshesFollowTheServiceWithinItsBudget() async throws {
        let names = ["mis_quote_mixed_4dp.json", "mis_quote_2dp_2019.json", "mis_quote_limit_up_book.json"]
        let service = try FakeQuoteService(files: names.map { Fixture.folder.appendingPathComponent($0) })
        defer { service.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = client(service, throttleFolder: folder)
        let codes = ["2330", "3105"].compactMap(QuoteCode.init)
        var lasts: [String] = []
        for _ in 0..<5 {
            let snapshot = try await quotes.snapshot(of: codes, knownMarkets: [codes[1]: .otc])
            lasts.append(snapshot.quotes.map { $0.last?.description ?? "-" }.joined(separator: " "))
        }
        #expect(lasts == ["1005.0000", "238.00", "52.8000", "52.8000", "52.8000"])
        #expect(service.server.requests.filter { $0.path == "/stock/index.jsp" }.count == 1)
        #expect(service.server.requests.count == 6)
        #expect(service.mostRequests(within: 5) <= 3)
    }

    /// `--odd` asks the odd-lot page with the same parameters, and its rows are odd lots.
    @Test func oddLotsComeFromTheOddLotPage() async throws {
        let service = try FakeQuoteService(
            files: [Fixture.folder.appendingPathComponent("mis_quote_odd_lot.json")])
        defer { service.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = client(service, throttleFolder: folder)
        let snapshot = try await quotes.snapshot(of: [try #require(QuoteCode("2330"))], oddLots: true)
        #expect(snapshot.quotes.first?.kind == .oddLot)
        #expect(service.quoteRequests.map(\.path) == ["/stock/api/getOddInfo.jsp"])
        #expect(service.quoteRequests.first?.query("ex_ch")?.removingPercentEncoding == "tse_2330.tw")
    }

    @Test func serviceErrorIsTheServicesMessage() async throws {
        let service = try FakeQuoteService(files: [Fixture.folder.appendingPathComponent("mis_quote_rtcode_5001.json")])
        defer { service.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = client(service, throttleFolder: folder)
        await #expect(throws: QuoteError.service(rtcode: "5001", message: "Query too frequently")) {
            try await quotes.snapshot(of: [try #require(QuoteCode("2330"))])
        }
    }
}
