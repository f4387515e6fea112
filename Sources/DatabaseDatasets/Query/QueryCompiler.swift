import BrowseSupport
import ListKit

/// Writes the statements a database screen sends, for one engine's dialect: every identifier
/// quoted, every value a person typed bound as a parameter.
package struct QueryCompiler: Sendable {
    package let dialect: SQLDialect
    /// The collation PostgreSQL lowers text in (``DatabaseConnection/foldCollation``); `nil`
    /// for the database's own.
    package let foldCollation: String?

    package init(dialect: SQLDialect, foldCollation: String? = nil) {
        self.dialect = dialect
        self.foldCollation = foldCollation
    }

    /// The most columns one call of the folding function takes (SQLite allows 127 arguments,
    /// PostgreSQL's `concat_ws` 99 besides its separator); wider rows are folded in groups,
    /// and the groups folded together.
    var foldGroup: Int { dialect == .postgres ? 90 : 100 }

    // MARK: - Pages

    /// One term of a view's order: an identifier, its direction, and whether it may be NULL.
    struct OrderTerm {
        let expression: String
        let descending: Bool
        let nullable: Bool
    }

    func orderTerms(_ view: DatabaseView) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        if let sort = view.sort {
            // Text orders as the local sort orders it: folded (case ignored), the empty text
            // among the missing values; types shown as text without an order of their own
            // (PostgreSQL's json, xml, point) as their text.
            let column = view.columns.first { $0.name == sort.column }
            let expression: String
            if let column, column.kind == .text || column.kind == .boolean {
                expression = "NULLIF(\(fold([comparable(column)])), '')"
            } else {
                expression = column.map(comparable) ?? q(sort.column)
            }
            terms.append(OrderTerm(expression: expression, descending: sort.descending, nullable: true))
        }
        terms += view.key.map { OrderTerm(expression: q($0), descending: false, nullable: false) }
        return terms
    }

    /// Where a view without a key (a query, a table without one) is sorted, every column after
    /// the sort, in `ORDER BY` only: read by `OFFSET`, rows that tie must keep one order from one
    /// statement to the next, and PostgreSQL may order them differently for each `LIMIT` (a row
    /// shown twice, another never). An unsorted query keeps its own order.
    func tieBreakers(_ view: DatabaseView) -> [OrderTerm] {
        guard view.key.isEmpty, view.sort != nil else { return [] }
        return view.columns.map { OrderTerm(expression: comparable($0), descending: false, nullable: true) }
    }

    /// How many fields a page's row has after the shown columns: the order's values, then
    /// (SQLite) their storage types.
    package func extraFields(_ view: DatabaseView) -> Int {
        orderTerms(view).count * (dialect == .sqlite ? 2 : 1)
    }

    /// The boundary a fetched row (shown columns, then the extra fields) marks.
    package func boundary(of row: [String?], in view: DatabaseView) -> PageBoundary {
        let terms = orderTerms(view).count
        let start = view.columns.count
        let values = Array(row[start..<(start + terms)])
        let types = dialect == .sqlite ? row[(start + terms)..<(start + 2 * terms)].map { $0 ?? "null" } : []
        return PageBoundary(values: values, types: types)
    }

    /// Up to `limit` rows of the view, in its order or (`backwards`) the reverse: after
    /// `boundary` (before it, backwards), or from the start (the end) without one, skipping
    /// `offset` rows. A view without a key can only skip.
    package func page(
        _ view: DatabaseView, after boundary: PageBoundary? = nil, backwards: Bool = false, limit: Int, offset: Int = 0
    ) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let terms = orderTerms(view)
        var selected = view.columns.map { q($0.name) } + terms.map(\.expression)
        if dialect == .sqlite { selected += terms.map { "typeof(\($0.expression))" } }
        var conditions = filterConditions(view, &parameters)
        if let boundary, !terms.isEmpty {
            conditions.append(keyset(terms, boundary, backwards: backwards, &parameters))
        }
        var text = "SELECT \(selected.joined(separator: ", ")) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        text += orderBy(terms + tieBreakers(view), backwards: backwards)
        text += " LIMIT \(max(0, limit))"
        if offset > 0 { text += " OFFSET \(offset)" }
        return SQLStatement(text, parameters: parameters.values)
    }

    /// Every row of the view in order, `columns` of each: for export, `chart` and the rest.
    package func rows(_ view: DatabaseView, columns: [String]) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let conditions = filterConditions(view, &parameters)
        // An export writes each field as the engine wrote it: PostgreSQL's booleans asked for
        // as the text the screen shows (`true`, where the row's form is `t`).
        let selected = columns.map { name in
            guard let column = view.columns.first(where: { $0.name == name }), shown(column) != q(name) else {
                return q(name)
            }
            return "\(shown(column)) AS \(q(name))"
        }
        var text = "SELECT \(selected.joined(separator: ", ")) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        text += orderBy(orderTerms(view) + tieBreakers(view), backwards: false)
        return SQLStatement(text, parameters: parameters.values)
    }

    /// The number of rows of the view.
    package func count(_ view: DatabaseView) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let conditions = filterConditions(view, &parameters)
        var text = "SELECT count(*) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        return SQLStatement(text, parameters: parameters.values)
    }

    /// `freq`: each distinct value of `column` and its rows, most frequent first, ties by value.
    package func frequencies(_ view: DatabaseView, column: String) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let conditions = filterConditions(view, &parameters)
        let name = view.columns.first { $0.name == column }.map(comparable) ?? q(column)
        var text = "SELECT \(name), count(*) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        text += " GROUP BY \(name) ORDER BY count(*) DESC, \(name) NULLS LAST"
        return SQLStatement(text, parameters: parameters.values)
    }

    /// `stats` of `columns`: for each, the rows with a value, the distinct values, the least,
    /// the greatest and (numbers) the sum, five fields a column after the count of rows.
    package func statistics(_ view: DatabaseView, columns: [DatabaseColumn]) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let conditions = filterConditions(view, &parameters)
        var selected = ["count(*)"]
        for column in columns {
            let numeric = column.kind == .integer || column.kind == .decimal
            // PostgreSQL has no min() of a boolean and no equality of json: such values are
            // summarised as the text they are shown as.
            let name =
                dialect != .postgres
                ? q(column.name)
                : column.kind == .boolean
                    ? "CASE WHEN \(q(column.name)) THEN 'true' WHEN NOT \(q(column.name)) THEN 'false' END"
                    : column.kind == .text ? "\(q(column.name))::text" : q(column.name)
            selected += [
                "count(\(name))", "count(DISTINCT \(name))", "min(\(name))", "max(\(name))",
                numeric ? "sum(\(name))" : "NULL",
            ]
        }
        var text = "SELECT \(selected.joined(separator: ", ")) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        return SQLStatement(text, parameters: parameters.values)
    }

    /// `expression` alone as a condition with its parameters: what `where` sends.
    package func condition(_ expression: WhereExpression) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let text = compile(expression, columns: [], &parameters)
        return SQLStatement(text, parameters: parameters.values)
    }

    // MARK: - Parts

    func q(_ identifier: String) -> String { dialect.quoted(identifier) }

    /// SQL's false, as the dialect writes it.
    private var never: String { dialect == .postgres ? "false" : "0" }

    /// `column` as it is grouped and ordered: PostgreSQL types shown as text that have no
    /// order or equality of their own (json, xml, point) as their text; others as they are.
    func comparable(_ column: DatabaseColumn) -> String {
        guard dialect == .postgres, column.kind == .text else { return q(column.name) }
        let type = column.declaredType.lowercased()
        let ordered = ["text", "character", "name", "citext", "uuid", "\"char\""].contains { type.hasPrefix($0) }
        return ordered ? q(column.name) : "\(q(column.name))::text"
    }

    /// `needle` found in `haystack`, both text.
    private func contains(_ haystack: String, _ needle: String) -> String {
        switch dialect {
        case .sqlite: "instr(\(haystack), \(needle)) > 0"
        case .postgres: "strpos(\(haystack), \(needle)) > 0"
        }
    }

    func from(_ view: DatabaseView) -> String {
        switch view.source {
        case .relation(let relation): relation.sql(dialect)
        case .query(let text): "(\(text)) AS browse_query"
        }
    }

    func orderBy(_ terms: [OrderTerm], backwards: Bool) -> String {
        guard !terms.isEmpty else { return "" }
        let parts = terms.map { term in
            let descending = term.descending != backwards
            var part = term.expression + (descending ? " DESC" : " ASC")
            // Missing values last in either direction; read backwards, first.
            if term.nullable { part += backwards ? " NULLS FIRST" : " NULLS LAST" }
            return part
        }
        return " ORDER BY " + parts.joined(separator: ", ")
    }

    /// The rows after (`backwards`: before) `boundary` in the order of `terms`, missing values
    /// coming after every value.
    private func keyset(
        _ terms: [OrderTerm], _ boundary: PageBoundary, backwards: Bool, _ parameters: inout BoundParameters
    ) -> String {
        func part(_ index: Int) -> String {
            guard index < terms.count, index < boundary.values.count else { return never }
            let term = terms[index]
            let isLast = index == terms.count - 1
            guard let value = boundary.values[index] else {
                // Among the missing values, which come last.
                let rest = isLast ? never : part(index + 1)
                return backwards
                    ? "(\(term.expression) IS NOT NULL OR (\(term.expression) IS NULL AND \(rest)))"
                    : "(\(term.expression) IS NULL AND \(rest))"
            }
            let placeholder = typed(
                parameters.add(value), type: boundary.types.indices.contains(index) ? boundary.types[index] : nil)
            let beyond = term.descending != backwards ? "<" : ">"
            var alternatives = ["\(term.expression) \(beyond) \(placeholder)"]
            if term.nullable, !backwards { alternatives.append("\(term.expression) IS NULL") }
            if !isLast {
                let again = typed(
                    parameters.add(value), type: boundary.types.indices.contains(index) ? boundary.types[index] : nil)
                alternatives.append("(\(term.expression) = \(again) AND \(part(index + 1)))")
            }
            return "(" + alternatives.joined(separator: " OR ") + ")"
        }
        return part(0)
    }

    /// A placeholder that compares as the stored value did (SQLite keeps a type per value).
    private func typed(_ placeholder: String, type: String?) -> String {
        switch type {
        case "integer": "CAST(\(placeholder) AS INTEGER)"
        case "real": "CAST(\(placeholder) AS REAL)"
        default: placeholder
        }
    }

    /// The filter's and the `where` condition's parts.
    func filterConditions(_ view: DatabaseView, _ parameters: inout BoundParameters) -> [String] {
        var conditions: [String] = []
        let folded = TextFolding.fold(view.filter)
        if !folded.isEmpty, !view.columns.isEmpty {
            let widths = PostgresFolding.needsWidths(folded)
            conditions.append(contains(foldedRow(view.columns.map(shown), widths: widths), parameters.add(folded)))
        }
        if let condition = view.condition { conditions.append(compile(condition, columns: view.columns, &parameters)) }
        return conditions
    }

    /// The row's cells joined by spaces and folded, as the local filter reads a row.
    private func foldedRow(_ names: [String], widths: Bool) -> String {
        if names.count <= foldGroup { return fold(names.map(shownText), widths: widths) }
        var groups: [String] = []
        var start = 0
        while start < names.count {
            let end = min(start + foldGroup, names.count)
            groups.append(foldedRow(Array(names[start..<end]), widths: widths))
            start = end
        }
        return fold(groups, widths: false)
    }

    private func fold(_ arguments: [String], widths: Bool = true) -> String {
        switch dialect {
        case .sqlite: "\(SQLiteFolding.name)(\(arguments.joined(separator: ", ")))"
        case .postgres:
            PostgresFolding.fold(
                "concat_ws(' ', \(arguments.joined(separator: ", ")))", collation: foldCollation, widths: widths)
        }
    }

    /// `column` as the text the screen shows it as, before ``shownText(_:)``: PostgreSQL's
    /// booleans as `true` and `false` (their `::text`), as ``DatabaseCells`` shows them.
    private func shown(_ column: DatabaseColumn) -> String {
        dialect == .postgres && column.kind == .boolean ? "\(q(column.name))::text" : q(column.name)
    }

    /// A value as the text the screen shows, empty for NULL. PostgreSQL's `concat` writes a
    /// value with its type's output function, as rows arrive (`t` for true, where `::text`
    /// writes `true`).
    private func shownText(_ expression: String) -> String {
        dialect == .postgres ? "concat(\(expression))" : "coalesce(\(expression), '')"
    }

    /// A `where` condition as SQL that is true or false, never NULL, so `not` reads as the
    /// local condition does.
    /// - Parameter columns: The view's columns, whose kinds say how a value is shown as text.
    func compile(
        _ expression: WhereExpression, columns: [DatabaseColumn], _ parameters: inout BoundParameters
    ) -> String {
        switch expression {
        case .comparison(let comparison):
            dialect == .postgres
                ? "coalesce(\(compile(comparison, columns: columns, &parameters)), false)"
                : "coalesce(\(compile(comparison, columns: columns, &parameters)), 0) = 1"
        case .and(let left, let right):
            "(\(compile(left, columns: columns, &parameters)) AND \(compile(right, columns: columns, &parameters)))"
        case .or(let left, let right):
            "(\(compile(left, columns: columns, &parameters)) OR \(compile(right, columns: columns, &parameters)))"
        case .not(let inner): "NOT (\(compile(inner, columns: columns, &parameters)))"
        }
    }

    private func compile(
        _ comparison: WhereComparison, columns: [DatabaseColumn], _ parameters: inout BoundParameters
    ) -> String {
        let column = q(comparison.column.name)
        let text = columns.first { $0.name == comparison.column.name }.map(shown) ?? column
        let missing = "\(column) IS NULL"
        switch comparison.comparison {
        case .isMissing: return missing
        case .isPresent: return "\(column) IS NOT NULL"
        case .contains, .notContains:
            let found = contains(fold([shownText(text)]), parameters.add(TextFolding.fold(comparison.text)))
            return comparison.comparison == .contains ? "(\(found))" : "(\(missing) OR NOT (\(found)))"
        default:
            break
        }
        let operation = comparison.comparison == .notEqual ? "<>" : comparison.comparison.rawValue
        let test: String
        switch comparison.value {
        case .integer, .decimal:
            test = "\(column) \(operation) CAST(\(parameters.add(comparison.value.exportText)) AS NUMERIC)"
        case .dateTime where dialect == .sqlite, .date where dialect == .sqlite && comparison.column.kind == .dateTime:
            // As instants, whether the text has `T` or a space between day and time, or an
            // offset (SQLite keeps date-times as text).
            let value = parameters.add(comparison.value.exportText)
            test = "julianday(\(column)) \(operation) julianday(\(value))"
        case .date, .dateTime, .time:
            test = "\(column) \(operation) \(parameters.add(comparison.value.exportText))"
        case .text, .missing:
            test = "\(fold([shownText(text)])) \(operation) \(parameters.add(TextFolding.fold(comparison.text)))"
        }
        return comparison.comparison == .notEqual ? "(\(missing) OR \(test))" : "(\(test))"
    }
}
