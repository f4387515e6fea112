import BrowseSupport
import ListKit

/// The statements of `chart`: the rows reduced in the engine to the few each column of the
/// drawing shows, read in the order the local chart reads them (by the horizontal value, ties
/// in the view's order).
extension QueryCompiler {
    /// The view's rows as `o` (the place in the view's order), `x` (the horizontal value, or
    /// the place when there is no column) and `y` (the value, NULL when it is not a number),
    /// as `browse_view` (every row) and `browse_plotted` (those with a horizontal value).
    private func plotted(_ view: DatabaseView, y: String, x: String?, _ parameters: inout BoundParameters) -> String {
        let order = orderBy(orderTerms(view) + tieBreakers(view), backwards: false).trimmingPrefix(" ")
        let conditions = filterConditions(view, &parameters)
        var text = "WITH browse_view AS (SELECT row_number() OVER (\(order)) AS o, "
        text += x.map { "\(number(q($0))) AS x, " } ?? ""
        text += "\(number(q(y))) AS y FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        text += "), browse_plotted AS (SELECT o, \(x == nil ? "o" : "x") AS x, y FROM browse_view"
        text += x == nil ? ")" : " WHERE x IS NOT NULL)"
        return text
    }

    /// `value` when it is a number, else NULL (SQLite keeps any value in any column).
    private func number(_ value: String) -> String {
        switch dialect {
        case .sqlite: "CASE WHEN typeof(\(value)) IN ('integer', 'real') THEN \(value) END"
        case .postgres: value
        }
    }

    /// The decimals `value` is written with.
    private func scale(_ value: String) -> String {
        let text = dialect == .sqlite ? "CAST(\(value) AS TEXT)" : "(\(value))::text"
        let dot = dialect == .sqlite ? "instr(\(text), '.')" : "strpos(\(text), '.')"
        return "CASE WHEN \(dot) > 0 THEN length(\(text)) - \(dot) ELSE 0 END"
    }

    /// One row: the rows plotted, those with a value, the least and greatest horizontal value,
    /// the least and greatest value, and over every row of the view the value of the greatest
    /// magnitude and the most decimals (NULL unless `scale`). One aggregate over the rows, in no
    /// order: without a column, the horizontal values are the places 1…n.
    package func chartSummary(_ view: DatabaseView, y: String, x: String?, scale counted: Bool = true) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        let conditions = filterConditions(view, &parameters)
        let value = number(q(y))
        var text = "SELECT "
        if let x {
            let horizontal = number(q(x))
            let plotted = "CASE WHEN \(horizontal) IS NOT NULL THEN \(value) END"
            text += "count(\(horizontal)), count(\(plotted)), min(\(horizontal)), max(\(horizontal)),"
            text += " min(\(plotted)), max(\(plotted)),"
        } else {
            text +=
                "count(*), count(\(value)), CASE WHEN count(*) > 0 THEN 1 END, CASE WHEN count(*) > 0 THEN count(*) END,"
            text += " min(\(value)), max(\(value)),"
        }
        text += " max(abs(\(value))), \(counted ? "max(\(scale(value)))" : "NULL") FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        return SQLStatement(text, parameters: parameters.values)
    }

    /// Every plotted row's horizontal value (when there is a column) and value, each a number
    /// or NULL, in the order the chart reads them: by the horizontal value, ties in the view's
    /// order; the view's order without a column.
    package func chartRows(_ view: DatabaseView, y: String, x: String?) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        var conditions = filterConditions(view, &parameters)
        var terms = orderTerms(view)
        var text = "SELECT "
        if let x {
            let horizontal = number(q(x))
            text += "\(horizontal), "
            conditions.append("\(horizontal) IS NOT NULL")
            terms.insert(OrderTerm(expression: horizontal, descending: false, nullable: false), at: 0)
        }
        text += "\(number(q(y))) FROM \(from(view))"
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        text += orderBy(terms + tieBreakers(view), backwards: false)
        return SQLStatement(text, parameters: parameters.values)
    }

    /// The steps between neighbouring plotted rows the local chart measures to find its widest
    /// join: each row's horizontal value and the one before it, every `stride` rows from the
    /// second.
    package func chartSteps(_ view: DatabaseView, y: String, x: String, stride: Int) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        var text = plotted(view, y: y, x: x, &parameters)
        text += ", browse_steps AS (SELECT lag(x) OVER (ORDER BY x, o) AS before, x,"
        text += " row_number() OVER (ORDER BY x, o) - 1 AS i FROM browse_plotted)"
        text += " SELECT before, x FROM browse_steps WHERE i >= 1 AND (i - 1) % \(max(1, stride)) = 0"
        return SQLStatement(text, parameters: parameters.values)
    }

    /// The rows a drawing `columns` dot columns wide over `first`…`last` shows: in each column
    /// (found as the drawing finds it) the first and the last row, and a row with the least and
    /// one with the greatest value; as `x`, `y`, in the order the chart reads them.
    package func chartPoints(
        _ view: DatabaseView, y: String, x: String?, first: Double, last: Double, columns: Int
    ) -> SQLStatement {
        var parameters = BoundParameters(dialect: dialect)
        var text = plotted(view, y: y, x: x, &parameters)
        let bucket: String
        if last > first {
            let from = parameters.add(String(first))
            let span = parameters.add(String(last - first))
            let slots = parameters.add(String(max(0, columns - 1)))
            let real = dialect == .sqlite ? "REAL" : "DOUBLE PRECISION"
            let place = "(x - CAST(\(from) AS \(real))) / CAST(\(span) AS \(real)) * CAST(\(slots) AS \(real)) + 0.5"
            bucket = dialect == .sqlite ? "CAST(\(place) AS INTEGER)" : "floor(\(place))"
        } else {
            bucket = "0"
        }
        text += ", browse_columns AS (SELECT o, x, y, \(bucket) AS k FROM browse_plotted),"
        text += " browse_ranked AS (SELECT o, x, y,"
        text += " row_number() OVER (PARTITION BY k ORDER BY x, o) AS f,"
        text += " row_number() OVER (PARTITION BY k ORDER BY x DESC, o DESC) AS l,"
        text += " row_number() OVER (PARTITION BY k ORDER BY y IS NULL, y, x, o) AS lo,"
        text += " row_number() OVER (PARTITION BY k ORDER BY y IS NULL, y DESC, x, o) AS hi FROM browse_columns)"
        text += " SELECT x, y FROM browse_ranked WHERE f = 1 OR l = 1 OR lo = 1 OR hi = 1 ORDER BY x, o"
        return SQLStatement(text, parameters: parameters.values)
    }
}
