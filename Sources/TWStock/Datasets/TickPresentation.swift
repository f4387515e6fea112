import BrowseSupport
import ListKit

/// How daily ticks look in tables, exports and details, shared by `ticks` and a security's
/// screen: the same columns in the same order, so both export alike.
enum TickPresentation {
    /// The columns of the all-market list (`withSecurity`: code and name shown, the date in the
    /// header) or of one security's days (the date shown). Every column is exported either way;
    /// the close and its change stay longest on a narrow screen. The code and the name (or a
    /// security's date) stay at the left while `>` scrolls the others; the name keeps at
    /// least four characters.
    ///
    /// - Parameter name: The security's name for ticks that carry none (a STOCK_DAY month
    ///   names it only in its title).
    static func columns(withSecurity: Bool, name: @escaping () -> String? = { nil }) -> [ListColumn<DailyTick>] {
        [
            .date("date", \.date, priority: 10, isShownByDefault: !withSecurity, isPinnedByDefault: !withSecurity),
            ListColumn(
                "code", kind: .code, priority: 10, isShownByDefault: withSecurity, isPinnedByDefault: withSecurity
            ) { .text($0.code.rawValue) },
            ListColumn(
                "name", kind: .text, priority: 9, isShownByDefault: withSecurity, isName: true,
                isPinnedByDefault: withSecurity
            ) { .text($0.name ?? name() ?? "") },
            .decimal("open", \.open, grouped: true, priority: 4),
            .decimal("high", \.high, grouped: true, priority: 3),
            .decimal("low", \.low, grouped: true, priority: 3),
            .decimal("close", \.close, grouped: true, priority: 8),
            ListColumn("change", kind: .decimal, short: "chg", priority: 7) {
                changeCell($0.change, text: $0.changeText)
            },
            .integer("volume", \.volume, grouped: true, priority: 6),
            .integer("value", \.value, grouped: true, priority: 2),
            .integer("transactions", \.transactions, grouped: true, short: "txns", priority: 1),
            ListColumn("note", kind: .text, priority: 0, isShownByDefault: false) { .text(note($0)) },
            ListColumn("market", kind: .text, priority: 0, isShownByDefault: false) { .text($0.market.title) },
        ]
    }

    /// `▲1.3000`, `▼20.00`, `X 不比價` (not compared), `0.0000`: in the exchange's own decimals,
    /// as `text` (the source's) has them. The value is always the signed amount or missing, so
    /// an export writes a number or nothing (`null` in JSON), never text: the source's own
    /// number (`+0.25`, `0.0000`) in CSV, TSV and Markdown, the value in JSON. Why a change is
    /// missing is in the note.
    static func changeCell(_ change: PriceChange, text: String) -> Cell {
        // The source's number, when it reads as this change (a caller's tick may have none).
        let written = ExactDecimal(text).flatMap { $0.signum == (change.signedAmount?.signum ?? 2) ? text : nil }
        var cell: Cell
        switch change {
        case .up(let amount):
            cell = Cell(.decimal(amount), text: "▲" + amount.formatted(grouping: true))
            cell.tone = .rise
        case .down(let amount):
            cell = Cell(
                .decimal(ExactDecimal(units: -amount.units, scale: amount.scale)),
                text: "▼" + amount.formatted(grouping: true))
            cell.tone = .fall
        case .unchanged:
            let zero = written.flatMap { ExactDecimal($0) }.map { ExactDecimal(units: 0, scale: $0.scale) }
            let value = zero ?? ExactDecimal(units: 0, scale: 2)
            cell = Cell(.decimal(value), text: value.formatted(grouping: true))
        case .notCompared: return Cell(.missing, text: notComparedNote)
        case .absent: return .missing
        }
        cell.exportedText = written
        return cell
    }

    static let notComparedNote = "X 不比價"

    /// Why a value of the row is missing, then the source's own remark: `X 不比價`, `no trade`,
    /// `odd lots only`, `**`, TPEx's `*`; joined by `; `, empty when there is nothing to say.
    static func note(_ tick: DailyTick) -> String {
        var parts: [String] = []
        if tick.change == .notCompared { parts.append(notComparedNote) }
        if tick.close == nil { parts.append((tick.volume ?? 0) > 0 ? "odd lots only" : "no trade") }
        if let remark = tick.note, !remark.isEmpty { parts.append(remark) }
        return parts.joined(separator: "; ")
    }

    /// Every field of a tick, and the company it belongs to when known. TPEx's volume and value
    /// are shown in shares and NT$, each saying what TPEx wrote.
    static func detail(_ tick: DailyTick, company: Company?, name fallbackName: String? = nil) -> Detail {
        func price(_ value: ExactDecimal?) -> String { value?.formatted(grouping: true) ?? "— (no trade)" }
        func number(_ value: Int64?) -> String { value.map { ExactDecimal($0).formatted(grouping: true) } ?? "—" }
        func converted(_ value: Int64?, field: String, unit: String) -> String {
            guard let value, tick.market == .otc else { return number(value) }
            return number(value) + " (TPEx: \(field) " + ExactDecimal(value / 1000).formatted(grouping: true)
                + " \(unit) × 1,000)"
        }
        let name = company?.shortName ?? tick.name ?? fallbackName ?? ""
        var fields: [Detail.Field] = [
            .init("date", tick.date?.description ?? "unknown"),
            .init("code", tick.code.rawValue),
            .init("name", name),
            .init("open", price(tick.open)),
            .init("high", price(tick.high)),
            .init("low", price(tick.low)),
            .init("close", price(tick.close)),
            .init("change", changeText(tick.change, written: tick.changeText)),
            .init("volume (shares)", converted(tick.volume, field: "成交張數", unit: "lots")),
            .init("value (NT$)", converted(tick.value, field: "成交仟元", unit: "thousands")),
            .init("transactions", number(tick.transactions)),
        ]
        if let note = tick.note, !note.isEmpty {
            fields.append(.init("note", tick.market == .otc ? "\(note) (TPEx's mark on this date)" : note))
        }
        fields.append(.init("source", tick.market == .otc ? "TPEx (上櫃)" : "TWSE (上市)"))
        if let company {
            fields.append(.init("company", company.name))
            fields.append(.init("market", company.market.title))
            fields.append(.init("industry", company.industryName ?? company.industryCode ?? "—"))
        }
        var notes: [String] = []
        if tick.close == nil, (tick.volume ?? 0) > 0 {
            notes.append("only odd lots traded: the exchange reports no price for the day")
        } else if tick.close == nil {
            notes.append("no trades on this day")
        }
        return Detail(title: "\(tick.code) \(name) \(tick.date?.description ?? "")", fields: fields, notes: notes)
    }

    /// A detail's change: the arrow, then the number as the exchange wrote it (`▲ +0.30`,
    /// `▲ 1.3000`, `0.0000 (unchanged)`).
    static func changeText(_ change: PriceChange, written: String) -> String {
        let number = ExactDecimal(written) == nil ? nil : written
        switch change {
        case .up(let amount): return "▲ " + (number ?? "+" + amount.formatted(grouping: true))
        case .down(let amount): return "▼ " + (number ?? "-" + amount.formatted(grouping: true))
        case .unchanged: return (number ?? "0.00") + " (unchanged)"
        case .notCompared: return "X — not compared (不比價: ex-rights, ex-dividend or a new listing)"
        case .absent: return "—"
        }
    }
}
