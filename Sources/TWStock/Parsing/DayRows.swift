import ListKit
import Tabular

/// The row loop every day-report parser shares: each row read as text fields, a row that
/// cannot be read skipped and reported with its place, never dropped silently.
enum DayRows {
    /// Reads `rows` with `read`; a row that is not an array of strings and numbers, or that
    /// `read` refuses, becomes a ``ParseIssue`` naming the row by its code.
    ///
    /// - Parameter codeField: Where a row's code is, to name a skipped row (the first field,
    ///   unless the date comes first).
    /// - Complexity: O(n) in the rows, times what `read` costs.
    static func read<Row>(
        _ rows: [JSONValue], format: TWSEFormat, codeField: Int = 0, read: ([String]) throws(UnreadableRow) -> Row
    ) -> (rows: [Row], issues: [ParseIssue]) {
        var result: [Row] = []
        var issues: [ParseIssue] = []
        result.reserveCapacity(rows.count)
        for (offset, row) in rows.enumerated() {
            do throws(UnreadableRow) {
                guard let fields = DayAnswer.fields(row) else { throw UnreadableRow("not an array of strings") }
                result.append(try read(fields))
            } catch {
                let fields = DayAnswer.fields(row) ?? []
                let code =
                    (fields.indices.contains(codeField) ? FieldText.clean(fields[codeField]) : nil)
                    .map { " \($0)" } ?? ""
                issues.append(
                    ParseIssue(
                        format: format, line: row.line, row: offset + 1, message: "skipped row\(code): \(error.message)"
                    ))
            }
        }
        return (result, issues)
    }

    /// The code in a row's first field.
    ///
    /// - Throws: ``UnreadableRow`` when it is not a security code.
    static func code(_ text: String) throws(UnreadableRow) -> StockCode {
        guard let code = StockCode(FieldText.clean(text) ?? "") else {
            throw UnreadableRow("code \(TWSEParseError.quote(text)) is not a security code")
        }
        return code
    }

    /// A field at `index`, or an unreadable row when the row is too short.
    static func field(_ fields: [String], _ index: Int) throws(UnreadableRow) -> String {
        guard fields.indices.contains(index) else {
            throw UnreadableRow("\(fields.count) fields where the report has more than \(index)")
        }
        return fields[index]
    }
}
