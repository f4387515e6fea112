import BrowseSupport
import Foundation
import ListKit

/// How quotes look in the table, exports and a row's detail.
enum QuotePresentation {
    /// Code, name, last, change and percent, volume, bid, ask, high, low and the exchange's
    /// time; on a narrow screen the last price and its change stay longest. The exchange's
    /// full timestamp is exported with every row.
    static var columns: [ListColumn<Quote>] {
        [
            ListColumn("code", kind: .code, priority: 10) { .text($0.code.rawValue) },
            ListColumn("name", kind: .text, priority: 9, minimumWidth: 6) { .text($0.name) },
            ListColumn("last", kind: .decimal, priority: 10) { lastCell($0) },
            ListColumn("change", kind: .decimal, short: "chg", priority: 8) { changeCell($0) },
            ListColumn("pct", kind: .decimal, priority: 7) { percentCell($0) },
            .integer("volume", \.volume, grouped: true, short: "vol", priority: 6),
            ListColumn("bid", kind: .decimal, priority: 5) { price($0.bids.first?.price) },
            ListColumn("ask", kind: .decimal, priority: 5) { price($0.asks.first?.price) },
            ListColumn("high", kind: .decimal, priority: 3) { price($0.high) },
            ListColumn("low", kind: .decimal, priority: 3) { price($0.low) },
            ListColumn("time", kind: .time, priority: 6) { quote in
                quote.timeText.flatMap { TimeOfDay(iso: $0) }.map { Cell.time($0) } ?? .missing
            },
            ListColumn("previous", kind: .decimal, priority: 0, isShownByDefault: false) { price($0.previousClose) },
            ListColumn("open", kind: .decimal, priority: 0, isShownByDefault: false) { price($0.open) },
            ListColumn("origin", kind: .text, priority: 0, isShownByDefault: false) { .text($0.lastOrigin.rawValue) },
            ListColumn("taken", kind: .dateTime, priority: 0, isShownByDefault: false) { quote in
                quote.time.flatMap(exchangeTime).map { Cell.dateTime($0) } ?? .missing
            },
            ListColumn("market", kind: .text, priority: 0, isShownByDefault: false) { quote in
                quote.code.isIndex ? .text("index") : quote.market.map { .text($0.title) } ?? .missing
            },
        ]
    }

    /// The columns, with each cell that changed since the board's snapshot before marked:
    /// reverse video with colour, `•` without (on the screen only: exports write the values).
    /// Neither widens a column after the first draw, so none drops off a narrow screen.
    static func columns(board: QuoteBoard) -> [ListColumn<Quote>] {
        let marked: Set<String> = ["last", "change", "pct", "volume", "bid", "ask", "high", "low"]
        return columns.map { base in
            guard marked.contains(base.column.name) else { return base }
            var column = base.column
            column.marksChanges = true
            return ListColumn(column) { quote in
                var cell = base.cell(quote)
                cell.isMarked = board.changed(quote.code, { base.cell($0).text })
                return cell
            }
        }
    }

    /// A price with at least two decimals: the service's four (`593.0000`) read `593.00`, but
    /// a price that needs more keeps them (`0.0500` stays `0.05`, `12.3450` stays `12.345`).
    /// The cell's value keeps the service's own text for exports.
    static func price(_ value: ExactDecimal?) -> Cell {
        guard let value else { return .missing }
        return Cell(.decimal(value), text: shown(value))
    }

    static func shown(_ value: ExactDecimal) -> String {
        var text = value.formatted(grouping: true)
        guard value.scale > 2 else { return text }
        var drop = 0
        for character in text.reversed() where character == "0" && drop < value.scale - 2 { drop += 1 }
        // Only trailing zeros: stop at the first digit that is not one.
        let trailing = text.reversed().prefix { $0 == "0" }.count
        text.removeLast(min(drop, trailing, value.scale - 2))
        return text
    }

    /// The last price; a last-known one (no trade in this snapshot) is marked with `*`.
    static func lastCell(_ quote: Quote) -> Cell {
        guard let last = quote.last else { return .missing }
        var cell = Cell(.decimal(last), text: shown(last) + (quote.lastOrigin.isLastKnown ? "*" : ""))
        cell.tone = tone(quote.change)
        return cell
    }

    /// `▲9.00`, `▼3.50`, `0.00`: rises red and falls green, as the ticks screen shows them.
    static func changeCell(_ quote: Quote) -> Cell {
        guard let change = quote.change else { return .missing }
        let magnitude = change.units == .min ? change : ExactDecimal(units: abs(change.units), scale: change.scale)
        var cell: Cell
        switch change.signum {
        case 1: cell = Cell(.decimal(change), text: "▲" + shown(magnitude))
        case -1: cell = Cell(.decimal(change), text: "▼" + shown(magnitude))
        default: cell = Cell(.decimal(change), text: shown(change))
        }
        cell.tone = tone(change)
        return cell
    }

    static func percentCell(_ quote: Quote) -> Cell {
        guard let percent = quote.changePercent else { return .missing }
        var cell = Cell(.decimal(percent), text: (percent.signum > 0 ? "+" : "") + percent.description + "%")
        cell.tone = tone(percent)
        return cell
    }

    private static func tone(_ change: ExactDecimal?) -> Tone? {
        switch change?.signum {
        case 1: return .rise
        case -1: return .fall
        default: return nil
        }
    }

    /// The exchange's instant in Taipei time (`2023-12-29T13:30:00+08:00`).
    static func exchangeTime(_ instant: Date) -> DateTime? {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + 8 * 3600
        let second = ((seconds % 86_400) + 86_400) % 86_400
        guard
            let time = TimeOfDay(
                hour: second / 3600, minute: second % 3600 / 60, second: second % 60, precision: .seconds),
            let offset = UTCOffset(minutes: 480)
        else { return nil }
        return DateTime(date: TaipeiTime.day(of: instant), time: time, offset: offset)
    }

    /// The five-level book and the day's figures of one quote.
    static func detail(_ quote: Quote) -> Detail {
        func text(_ value: ExactDecimal?) -> String { value.map(shown) ?? "—" }
        func number(_ value: Int64?) -> String { value.map { ExactDecimal($0).formatted(grouping: true) } ?? "—" }
        let unit = quote.kind == .oddLot ? "shares" : "lots"
        var lastText = text(quote.last)
        switch quote.lastOrigin {
        case .trade: break
        case .earlierTrade: lastText += " (last known trade: none in this snapshot)"
        case .bestBid: lastText += " (no trade known: the best bid)"
        case .previousClose: lastText += " (no trade known: the previous close)"
        }
        var fields: [Detail.Field] = [
            .init("code", quote.code.rawValue),
            .init("name", quote.fullName.map { "\(quote.name) (\($0))" } ?? quote.name),
            .init("market", quote.code.isIndex ? "index" : quote.market?.title ?? "—"),
            .init("last", lastText),
            .init(
                "change",
                changeCell(quote).text + (percentCell(quote).text.isEmpty ? "" : " (\(percentCell(quote).text))")),
            .init("previous close", text(quote.previousClose)),
            .init("open", text(quote.open)),
            .init("high", text(quote.high)),
            .init("low", text(quote.low)),
        ]
        if quote.kind != .index {
            fields.append(.init("limit up", text(quote.limitUp)))
            fields.append(.init("limit down", text(quote.limitDown)))
            fields.append(.init("last trade (\(unit))", number(quote.lastVolume)))
        }
        fields.append(.init(quote.kind == .index ? "volume" : "volume (\(unit))", number(quote.volume)))
        fields.append(.init("exchange time", quote.time.flatMap(exchangeTime)?.description ?? quote.timeText ?? "—"))
        if quote.kind != .index {
            for (index, level) in quote.asks.enumerated().reversed() {
                fields.append(.init("ask \(index + 1)", "\(shown(level.price)) × \(number(level.size))"))
            }
            for (index, level) in quote.bids.enumerated() {
                fields.append(.init("bid \(index + 1)", "\(shown(level.price)) × \(number(level.size))"))
            }
        }
        var notes: [String] = []
        if quote.kind != .index, quote.asks.isEmpty { notes.append("no asks: at limit up, or none offered") }
        if quote.kind != .index, quote.bids.isEmpty { notes.append("no bids: at limit down, or none bid") }
        return Detail(title: "\(quote.code) \(quote.name) quote", fields: fields, notes: notes)
    }
}
