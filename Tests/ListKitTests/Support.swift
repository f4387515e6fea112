import BrowseSupport
import ListKit

/// A small item type for controller tests.
struct Stock: Identifiable, Sendable, Hashable {
    let id: String
    let name: String
    let close: ExactDecimal?
}

@MainActor
func makeStocks(_ stocks: [Stock]) -> GenericListController<Stock, ColumnsRow> {
    GenericListController(title: "stocks", items: stocks) { row, stock in
        row["code"] = .text(stock.id)
        row["name"] = .text(stock.name)
        row["close"] = .decimal(stock.close)
    } select: { stock in
        .message(stock.name)
    }
}

let sampleStocks = [
    Stock(id: "2330", name: "台積電", close: ExactDecimal("1,045.00")),
    Stock(id: "2317", name: "鴻海", close: ExactDecimal("180.5")),
    Stock(id: "0050", name: "元大台灣50", close: ExactDecimal("172.75")),
    Stock(id: "00643K", name: "群益深証中小Ａ", close: nil),
    Stock(id: "2454", name: "聯發科", close: ExactDecimal("1200")),
]

extension ListScreen {
    /// The values of one column over the whole view, as exported.
    func column(_ name: String) -> [String] {
        var values: [String] = []
        forEachRow { cells in values.append(cells.first { $0.name == name }?.cell.value.exportText ?? "?") }
        return values
    }
}
