import FakeExchange
import Foundation
import ListKitTesting
import TestSupport
import Testing

/// `watch` at a real terminal: the quote table is printed again above the prompt at each
/// refresh, the half-typed line kept; a command stops it. Every wait is for text on the screen
/// or a request the server saw.
@Suite struct WatchTests {
    static let open = "2025-06-30T04:50:00Z"  // a Monday, 12:50 in Taipei

    static func terminal(_ service: FakeQuoteService, in folder: ScratchFolder, now: String = open) throws
        -> PseudoTerminal
    {
        try PseudoTerminal.browse(
            ["quote", "2330"], in: folder, columns: 80, rows: 30,
            environment: service.environment.merging([
                "BROWSE_NOW": now, "XDG_CACHE_HOME": folder.path + "/cache", "BROWSE_HISTORY": "",
            ]) { $1 })
    }

    @Test func watchRefreshesAboveAHalfTypedLineAndACommandStopsIt() throws {
        let service = try FakeQuoteService(
            files: QuoteCommandTests.answers([
                "mis_quote_mixed_4dp.json", "mis_quote_2dp_2019.json", "mis_quote_odd_lot.json",
            ]))
        defer { service.stop() }
        let folder = try ScratchFolder("watch")
        let terminal = try Self.terminal(service, in: folder)
        try terminal.waitFor("exchange time 2025-06-30 12:50:00")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch 5\r")
        try terminal.waitFor("watching every 5 s · exchange time 12:50:00")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort la")
        // The refresh prints the page again with the new answer, its changed cells marked,
        // then the prompt with the line as it was.
        let page = try terminal.waitFor("watching every 5 s · exchange time 13:30:00")
        #expect(page.contains("exchange time 2019-05-21 13:30:00"), "\(page)")
        #expect(Self.reversed(page).contains("238.00"), "the changed last price is marked: \(page)")
        try terminal.waitFor(PseudoTerminal.prompt + "sort la")
        terminal.type("st\r")
        try terminal.waitFor("sort last")
        try terminal.waitFor(PseudoTerminal.prompt)
        let afterCommand = service.quoteRequests.count
        #expect(afterCommand == 2, "the first load and one refresh")
        // Reload by hand until the server has seen a request more than a watch interval
        // after the command: a watch still running would have asked too by then.
        let stoppedAt = Date()
        var reloads = 0
        while (service.quoteRequests.last?.receivedAt ?? .distantPast).timeIntervalSince(stoppedAt) < 6 {
            terminal.type("r\r")
            reloads += 1
            try terminal.waitFor("exchange time 2025-06-30 11:02:00")
            try terminal.waitFor(PseudoTerminal.prompt)
            try #require(reloads < 50, "the server saw no request 6 s after the command")
        }
        #expect(service.quoteRequests.count == afterCommand + reloads, "only r asked again")
        #expect(!terminal.screen.contains("11:02:00 · any command stops"), "no watch status after the command")
        #expect(service.mostRequests(within: 5) <= 3)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }

    /// A refresh that fails keeps the last table with the reason; three in a row stop watching
    /// with one line.
    @Test func threeFailuresInARowStopWatching() throws {
        let good = try LoopbackServer.Response(
            status: 200, body: Array(Data(contentsOf: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json"])[0])))
        let failing = LoopbackServer.Response(status: 503, text: "busy")
        let service = try FakeQuoteService(answers: [good, failing])
        defer { service.stop() }
        let folder = try ScratchFolder("watch-fail")
        let terminal = try Self.terminal(service, in: folder)
        try terminal.waitFor("exchange time 2025-06-30 12:50:00")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch 5\r")
        try terminal.waitFor("refresh failed, showing the last table")
        let kept = try terminal.waitFor("rows 1–1 of 1")
        #expect(kept.contains("1,005.00"), "the last table stays: \(kept)")
        let stopped = try terminal.waitFor("watch stopped: 3 refreshes in a row failed")
        #expect(stopped.contains("2 failed in a row"), "\(stopped)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
        #expect(terminal.screen.components(separatedBy: "watch stopped").count == 2, "said once")
        #expect(service.quoteRequests.count == 4, "the first load and three failed refreshes")
    }

    /// At 80 columns a refresh marks its changed cells without widening a column: the same
    /// columns are shown before and after, the ask among them.
    @Test func aRefreshKeepsTheColumnsAt80Columns() throws {
        // The second answer changes the last price and the volume, their texts as wide as before.
        let first = try String(
            contentsOf: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json"])[0], encoding: .utf8)
        let second = first.replacingOccurrences(of: "\"z\":\"1005.0000\"", with: "\"z\":\"1004.0000\"")
            .replacingOccurrences(of: "\"v\":\"20516\"", with: "\"v\":\"20600\"")
            .replacingOccurrences(of: "\"tlong\":\"1751259000000\"", with: "\"tlong\":\"1751259005000\"")
        #expect(second != first)
        let service = try FakeQuoteService(
            answers: [first, second].map { LoopbackServer.Response(status: 200, text: $0) })
        defer { service.stop() }
        let folder = try ScratchFolder("watch-columns")
        let terminal = try Self.terminal(service, in: folder)
        let before = try terminal.waitFor("rows 1–1 of 1")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch 5\r")
        try terminal.waitFor("watching every 5 s · exchange time 12:50:00")
        let after = try terminal.waitFor("watching every 5 s · exchange time 12:50:05")
        #expect(Self.reversed(after).contains("1,004.00"), "the changed last price is marked: \(after)")
        #expect(Self.reversed(after).contains("20,600"), "the changed volume is marked: \(after)")
        let heading = try #require(Self.columnHeading(before), "\(before)")
        #expect(heading.contains("ask"), "\(heading)")
        #expect(Self.columnHeading(after) == heading, "the same columns after the refresh: \(after)")
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }

    /// The table's heading line (`#  code  name …`) in `screen`, its styling removed.
    static func columnHeading(_ screen: String) -> String? {
        let plain = screen.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(
            of: "\u{1B}[0m", with: "")
        guard let start = plain.range(of: "#  code") else { return nil }
        return String(plain[start.lowerBound...].prefix { !$0.isNewline })
    }

    /// The texts `screen` shows in reverse video: the cells a refresh marked as changed.
    static func reversed(_ screen: String) -> [String] {
        screen.components(separatedBy: "\u{1B}[7m").dropFirst().map { part in
            part.components(separatedBy: "\u{1B}[0m")[0].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func aClosedMarketIsSaidAndNotWatched() throws {
        let service = try FakeQuoteService(files: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json"]))
        defer { service.stop() }
        let folder = try ScratchFolder("watch-closed")
        // Saturday 2025-06-28, 12:00 in Taipei.
        let terminal = try Self.terminal(service, in: folder, now: "2025-06-28T04:00:00Z")
        try terminal.waitFor("market closed")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch\r")
        try terminal.waitFor("the market is closed (weekdays 09:00–13:30 Taipei time)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
        #expect(service.quoteRequests.count == 1)
    }
}
