import BrowseSupport
import ListKit

/// Values as the engine gave them, made cells: typed by the column's kind where the text reads
/// as one, and always shown and exported as the engine wrote them.
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
        return .source(value(text, kind: kind), text: text)
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
        case .text, .boolean:
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
