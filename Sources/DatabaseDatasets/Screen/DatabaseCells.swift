import BrowseSupport
import ListKit

/// Values as the engine gave them, made cells: typed by the column's kind where the text reads
/// as one, and shown and exported as the engine wrote them, except PostgreSQL's booleans.
enum DatabaseCells {
    /// The kind of column a database column is shown as.
    static func kind(_ kind: DatabaseColumn.Kind) -> ColumnKind {
        switch kind {
        case .integer: .integer
        case .decimal: .decimal
        case .text, .boolean: .text
        case .date: .date
        case .timestamp: .dateTime
        }
    }

    /// The cell of `text` (`nil` for NULL) in a column of `kind`.
    static func cell(_ text: String?, kind: DatabaseColumn.Kind) -> Cell {
        guard let text else { return .missing }
        let shown = kind == .boolean ? booleanText(text) : text
        return .source(value(shown, kind: kind), text: shown)
    }

    /// A boolean as a person reads it and as a CSV or JSON file's booleans are shown and
    /// exported: PostgreSQL's text form writes `t` and `f`. Any other text (SQLite's `0` and
    /// `1`) is kept.
    static func booleanText(_ text: String) -> String {
        switch text {
        case "t": "true"
        case "f": "false"
        default: text
        }
    }

    /// The typed value of `text` in a column of `kind`; text when it does not read as that kind
    /// (SQLite keeps any value in any column).
    static func value(_ text: String?, kind: DatabaseColumn.Kind) -> CellValue {
        guard let text else { return .missing }
        switch kind {
        case .integer:
            if let integer = Int64(text) { return .integer(integer) }
            if let decimal = ExactDecimal(text, allowsGrouping: false) { return .decimal(decimal) }
        case .decimal:
            if let decimal = ExactDecimal(text, allowsGrouping: false) { return .decimal(decimal) }
        case .date:
            if let date = CalendarDate(iso: text) { return .date(date) }
        case .timestamp:
            if let dateTime = DateTime(iso: text) { return .dateTime(dateTime) }
        case .boolean:
            return .text(booleanText(text))
        case .text:
            break
        }
        return .text(text)
    }

    /// The columns of a screen over `columns`.
    static func columns(_ columns: [DatabaseColumn]) -> [Column] {
        columns.map { column in
            var shown = Column(column.name, kind: kind(column.kind), priority: column.keyPosition == nil ? 0 : 1)
            shown.isPinnedByDefault = column.keyPosition == 0
            return shown
        }
    }
}
