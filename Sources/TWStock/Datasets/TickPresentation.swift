import ListKit

/// How daily ticks look in tables, exports and details, shared by `ticks` and the drill-down.
enum TickPresentation {
    /// The columns of the all-market list (`withSecurity`) or of one security's days: the
    /// close and its change stay longest on a narrow screen.
    static func columns(withSecurity: Bool) -> [Column] {
        let lead =
            withSecurity
            ? [Column("code", kind: .code, priority: 10), Column("name", priority: 9, minimumWidth: 4)]
            : [Column("date", kind: .date, priority: 10)]
        return lead + [
            Column("open", kind: .decimal, priority: 4),
            Column("high", kind: .decimal, priority: 3),
            Column("low", kind: .decimal, priority: 3),
            Column("close", kind: .decimal, priority: 8),
            Column("change", kind: .decimal, priority: 7),
            Column("volume", kind: .integer, priority: 6),
            Column("value", kind: .integer, priority: 2),
            Column("transactions", kind: .integer, priority: 1),
        ]
    }

    /// The columns of a tick row. `withSecurity` adds code and name (the all-market list).
    static func configure(_ row: inout ColumnsRow, _ tick: DailyTick, withSecurity: Bool) {
        if withSecurity {
            row["code"] = .text(tick.code.rawValue)
            row["name"] = .text(tick.name ?? "")
        } else {
            row["date"] = .date(tick.date)
        }
        row["open"] = .decimal(tick.open, grouped: true)
        row["high"] = .decimal(tick.high, grouped: true)
        row["low"] = .decimal(tick.low, grouped: true)
        row["close"] = .decimal(tick.close, grouped: true)
        row["change"] = changeCell(tick.change)
        row["volume"] = count(tick.volume)
        row["value"] = count(tick.value)
        row["transactions"] = count(tick.transactions)
    }

    /// `▲1.30`, `▼20.00`, `X` (not compared), `0.00`; exported as the signed amount, or `X`.
    static func changeCell(_ change: PriceChange) -> Cell {
        switch change {
        case .up(let amount):
            var cell = Cell(.decimal(amount), text: "▲" + amount.formatted(grouping: true))
            cell.tone = .rise
            return cell
        case .down(let amount):
            var cell = Cell(
                .decimal(ExactDecimal(units: -amount.units, scale: amount.scale)),
                text: "▼" + amount.formatted(grouping: true))
            cell.tone = .fall
            return cell
        case .unchanged: return Cell(.decimal(ExactDecimal(units: 0, scale: 2)), text: "0.00")
        case .notCompared: return Cell(.text("X"), text: "X 不比價")
        case .absent: return .missing
        }
    }

    static func count(_ value: Int64?) -> Cell {
        guard let value else { return .missing }
        return .integer(value, grouped: true)
    }

    /// Every field of a tick, and the company it belongs to when known.
    static func detail(_ tick: DailyTick, company: Company?) -> Detail {
        func price(_ value: ExactDecimal?) -> String { value?.formatted(grouping: true) ?? "— (no trade)" }
        func number(_ value: Int64?) -> String { value.map { ExactDecimal($0).formatted(grouping: true) } ?? "—" }
        let name = company?.shortName ?? tick.name ?? ""
        var fields: [Detail.Field] = [
            .init("date", tick.date?.description ?? "unknown"),
            .init("code", tick.code.rawValue),
            .init("name", name),
            .init("open", price(tick.open)),
            .init("high", price(tick.high)),
            .init("low", price(tick.low)),
            .init("close", price(tick.close)),
            .init("change", changeText(tick.change)),
            .init("volume (shares)", number(tick.volume)),
            .init("value (NT$)", number(tick.value)),
            .init("transactions", number(tick.transactions)),
        ]
        if let note = tick.note, !note.isEmpty { fields.append(.init("note", note)) }
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

    static func changeText(_ change: PriceChange) -> String {
        switch change {
        case .up(let amount): return "▲ +" + amount.formatted(grouping: true)
        case .down(let amount): return "▼ -" + amount.formatted(grouping: true)
        case .unchanged: return "0.00 (unchanged)"
        case .notCompared: return "X — not compared (不比價: ex-rights, ex-dividend or a new listing)"
        case .absent: return "—"
        }
    }
}
