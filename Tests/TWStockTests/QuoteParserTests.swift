import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import TWStock

/// The MIS quote parser over small fixtures, one per quirk of the service's answers.
@Suite struct QuoteParserTests {
    private func decimal(_ text: String) throws -> ExactDecimal { try #require(ExactDecimal(text)) }

    private func quotes(_ name: String, oddLots: Bool = false) throws -> [Quote] {
        try QuoteParser.parse(try Fixture.bytes(name), oddLots: oddLots)
    }

    @Test func listedOTCAndIndexFromOneAnswer() throws {
        let all = try quotes("mis_quote_mixed_4dp.json")
        #expect(all.map(\.code.rawValue) == ["2330", "6223", "t00"])
        let tsmc = all[0]
        #expect(tsmc.kind == .stock)
        #expect(tsmc.market == .listed)
        #expect(tsmc.name == "台積電")
        #expect(tsmc.fullName == "台灣積體電路製造股份有限公司")
        #expect(tsmc.last?.description == "1005.0000")
        #expect(tsmc.lastOrigin == .trade)
        #expect(tsmc.previousClose?.description == "996.0000")
        #expect(tsmc.change?.description == "9.0000")
        #expect(tsmc.changePercent?.description == "0.90")
        #expect(tsmc.volume == 20516)
        #expect(tsmc.lastVolume == 12)
        #expect(tsmc.limitUp?.description == "1095.0000")
        #expect(tsmc.limitDown?.description == "897.0000")
        #expect(
            tsmc.asks.map(\.price.description) == ["1005.0000", "1010.0000", "1015.0000", "1020.0000", "1025.0000"])
        #expect(tsmc.asks.map(\.size) == [15, 30, 45, 60, 75])
        #expect(tsmc.bids.map(\.size) == [20, 40, 60, 80, 100])
        #expect(tsmc.time == Date(timeIntervalSince1970: 1_751_259_000))
        #expect(tsmc.timeText == "12:50:00")
        #expect(tsmc.date == CalendarDate(year: 2025, month: 6, day: 30))
        #expect(all[1].market == .otc)
    }

    /// Between trades `z` is `-`: the last price is the best bid, marked as last known, never
    /// blank and never zero.
    @Test func dashLastIsLastKnownNeverBlank() throws {
        let otc = try quotes("mis_quote_mixed_4dp.json")[1]
        #expect(otc.last?.description == "110.0000")
        #expect(otc.lastOrigin == .bestBid)
        #expect(otc.lastOrigin.isLastKnown)
        #expect(otc.lastVolume == nil)
        let earlier = try quotes("mis_quote_mixed_4dp.json")[0]
        var traded = otc
        traded.last = try decimal("111.0000")
        traded.lastOrigin = .trade
        let kept = otc.keepingLastTrade(of: traded)
        #expect(kept.last?.description == "111.0000")
        #expect(kept.lastOrigin == .earlierTrade)
        // Another security's earlier trade is never taken.
        #expect(otc.keepingLastTrade(of: earlier).lastOrigin == .bestBid)
    }

    @Test func indexRowHasNoBookAndTwoDecimals() throws {
        let index = try quotes("mis_quote_mixed_4dp.json")[2]
        #expect(index.kind == .index)
        #expect(index.code.isIndex)
        #expect(index.bids.isEmpty && index.asks.isEmpty)
        #expect(index.limitUp == nil && index.limitDown == nil)
        #expect(index.last?.description == "22480.81")
        #expect(index.change?.description == "25.44")
        #expect(index.changePercent?.description == "0.11")
    }

    @Test func twoDecimalPricesBefore2021KeptAsWritten() throws {
        let old = try #require(try quotes("mis_quote_2dp_2019.json").first)
        #expect(old.last?.description == "238.00")
        #expect(old.change?.description == "-3.50")
        #expect(old.changePercent?.description == "-1.45")
        #expect(old.bids.first?.price.description == "238.00")
    }

    /// At limit up the asks are `-`: no book on that side, and the bids intact.
    @Test func limitUpHasNoAsks() throws {
        let row = try #require(try quotes("mis_quote_limit_up_book.json").first)
        #expect(row.asks.isEmpty)
        #expect(row.bids.count == 5)
        #expect(row.bids.first?.size == 9120)
        #expect(row.isAtLimit)
    }

    @Test func oddLotsInShares() throws {
        let odd = try #require(try quotes("mis_quote_odd_lot.json", oddLots: true).first)
        #expect(odd.kind == .oddLot)
        #expect(odd.last?.description == "1004.0000")
        #expect(odd.lastOrigin == .earlierTrade)
        #expect(odd.volume == 691_301)
        #expect(odd.bids.first?.size == 2425)
    }

    @Test func rtcodeOtherThan0000IsTheServicesMessage() throws {
        #expect(throws: QuoteError.service(rtcode: "5001", message: "Query too frequently")) {
            try quotes("mis_quote_rtcode_5001.json")
        }
        let error = QuoteError.service(rtcode: "5001", message: "Query too frequently")
        #expect(error.description.contains("\"Query too frequently\""))
        #expect(error.description.contains("rtcode 5001"))
    }

    @Test func missingRtcodeIsAnError() throws {
        #expect(throws: QuoteError.service(rtcode: nil, message: "OK")) { try quotes("mis_quote_no_rtcode.json") }
    }

    @Test func blockPageAndGarbageAreTypedErrors() throws {
        #expect(throws: QuoteError.self) { try quotes("twse_block_page.html") }
        #expect(throws: QuoteError.unreadable("an empty body")) { try QuoteParser.parse([]) }
        #expect(throws: QuoteError.self) { try QuoteParser.parse(Array("[1,2]".utf8)) }
    }

    @Test func codesAsTyped() {
        #expect(QuoteCode("2330")?.rawValue == "2330")
        #expect(QuoteCode("00632r")?.rawValue == "00632R")
        #expect(QuoteCode("T00")?.rawValue == "t00")
        #expect(QuoteCode("t00")?.isIndex == true)
        #expect(QuoteCode("o00")?.indexMarket == .otc)
        #expect(QuoteCode("2330|2317") == nil)
        #expect(QuoteCode("tse_2330.tw") == nil)
        #expect(QuoteCode("") == nil)
    }
}

/// The MIS answers in `../shared/twse`, as the exchange sent them.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/twse"))
struct SharedQuoteTests {
    @Test func closingQuote20231229() throws {
        let quotes = try QuoteParser.parse(SharedData.bytes("getStockInfo_tse_2330_20231229.json"))
        let tsmc = try #require(quotes.first)
        #expect(quotes.count == 1)
        #expect(tsmc.code.rawValue == "2330")
        #expect(tsmc.last?.description == "593.0000")
        #expect(tsmc.lastOrigin == .trade)
        #expect(tsmc.change?.description == "0.0000")
        #expect(tsmc.volume == 18323)
        #expect(tsmc.asks.map(\.price.description) == ["593.0000", "594.0000", "595.0000", "596.0000", "597.0000"])
        #expect(tsmc.asks.map(\.size) == [1938, 1465, 2925, 2407, 921])
        #expect(tsmc.bids.map(\.size) == [827, 768, 1137, 554, 446])
        #expect(tsmc.high?.description == "593.0000")
        #expect(tsmc.low?.description == "589.0000")
        #expect(tsmc.time == Date(timeIntervalSince1970: 1_703_831_400))
        #expect(tsmc.market == .listed)
    }

    @Test func intradayDashes20240516() throws {
        let quotes = try QuoteParser.parse(
            SharedData.bytes("getStockInfo_tse_2330_twstockmock_20240516_104454_0.json"))
        let tsmc = try #require(quotes.first)
        #expect(tsmc.last?.description == "848.0000")
        #expect(tsmc.lastOrigin == .bestBid)
        #expect(tsmc.lastVolume == nil)
        #expect(tsmc.change?.description == "9.0000")
        #expect(tsmc.timeText == "10:44:54")
        #expect(tsmc.name == "台積電")
    }

    @Test func indexTAIEX() throws {
        let quotes = try QuoteParser.parse(SharedData.bytes("getStockInfo_tse_t00_20231229.json"))
        let index = try #require(quotes.first)
        #expect(index.kind == .index)
        #expect(index.last?.description == "17930.81")
        #expect(index.change?.description == "20.44")
        #expect(index.changePercent?.description == "0.11")
        #expect(index.bids.isEmpty)
        #expect(index.volume == 267_204)
    }

    @Test func oddLots20231229() throws {
        let quotes = try QuoteParser.parse(SharedData.bytes("getOddInfo_tse_2330_20231229.json"), oddLots: true)
        let odd = try #require(quotes.first)
        #expect(odd.kind == .oddLot)
        #expect(odd.last?.description == "592.0000")
        #expect(odd.volume == 691_301)
        #expect(odd.asks.first?.size == 2084)
        #expect(odd.lastVolume == nil)
    }
}
