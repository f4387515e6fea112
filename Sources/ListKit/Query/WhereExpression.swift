import BrowseSupport

/// A typed condition on a screen's columns: the language of `where`.
///
/// ```text
/// close > 500
/// 市場 = 上櫃
/// date >= 2016-01-01 and volume < 1000
/// name ~ 積 or (close <= 10 and not code ~ 00)
/// ```
///
/// Columns are named exactly (in any case) or by a unique prefix, in double quotes when the
/// name holds spaces. A value is read as the column's kind: a number for numbers
/// (`1,045.00` too), `yyyy-mm-dd` for dates, `hh:mm` or `hh:mm:ss` for times of day, an ISO
/// date and time for date-times (`2025-06-02T13:00`, `"2025-06-02 13:00"`, `…+08:00`; a day
/// alone is its midnight), text otherwise (in double quotes when it holds spaces). Text
/// compares without case, full-width letters as half-width ones; `~` means "contains". A cell
/// with no value satisfies only `!=` and `!~`.
///
/// A date-time written without an offset compares with each cell's clock reading as the cell
/// shows it (`at >= 2025-06-02T12:00` keeps `2025-06-02T13:30+08:00`); one written with an
/// offset (`Z`, `+08:00`) compares as an instant, cells without an offset read as UTC.
public indirect enum WhereExpression: Sendable, Hashable, CustomStringConvertible {
    case comparison(WhereComparison)
    case and(WhereExpression, WhereExpression)
    case or(WhereExpression, WhereExpression)
    case not(WhereExpression)

    /// The columns the expression reads.
    public var columns: [Column] {
        switch self {
        case .comparison(let comparison): return [comparison.column]
        case .and(let left, let right), .or(let left, let right): return left.columns + right.columns
        case .not(let inner): return inner.columns
        }
    }

    /// True when the row whose cells `value(column)` gives satisfies the expression.
    ///
    /// - Complexity: O(e) in the size of the expression.
    public func matches(_ value: (Column) -> CellValue) -> Bool {
        switch self {
        case .comparison(let comparison): return comparison.matches(value(comparison.column))
        case .and(let left, let right): return left.matches(value) && right.matches(value)
        case .or(let left, let right): return left.matches(value) || right.matches(value)
        case .not(let inner): return !inner.matches(value)
        }
    }

    /// The expression made ready to test many rows, each giving its cells by position.
    ///
    /// - Complexity: O(e) in the size of the expression.
    package var positionalMatcher: PositionalMatcher { PositionalMatcher(self) }

    /// The expression written back, columns and values quoted where needed.
    public var description: String {
        switch self {
        case .comparison(let comparison): return comparison.description
        case .and(let left, let right): return "\(left.grouped(inside: .and)) and \(right.grouped(inside: .and))"
        case .or(let left, let right): return "\(left) or \(right)"
        case .not(let inner): return "not \(inner.grouped(inside: .not))"
        }
    }

    private enum Context { case and, not }

    private func grouped(inside context: Context) -> String {
        switch (self, context) {
        case (.or, _), (.and, .not): return "(\(self))"
        default: return description
        }
    }
}

extension WhereExpression {
    /// An expression that tests rows whose values are in an array, the `n`th cell for the `n`th
    /// of ``WhereExpression/columns`` (a column named twice is asked for at each place): a reader
    /// finds each by its position, not by its column's name, which hashing at every row cost a
    /// tenth of a `where` over a file.
    ///
    /// The expression's shape is an array of indices and each comparison is kept as the part
    /// that decides a cell (``WhereComparison/Test``), read in place at every row.
    package struct PositionalMatcher: Sendable {
        private enum Step: Sendable {
            case comparison(Int)
            case and(Int, Int)
            case or(Int, Int)
            case not(Int)
        }

        /// Each comparison's test, at its place among the expression's columns.
        private var tests: [WhereComparison.Test] = []
        /// The expression's nodes, each after the nodes it joins: the whole is the last.
        private var steps: [Step] = []

        init(_ expression: WhereExpression) {
            add(expression)
        }

        /// Adds the nodes of `expression`, the left side first so that comparisons are
        /// numbered as ``WhereExpression/columns`` lists their columns; answers the index of
        /// its own node.
        @discardableResult
        private mutating func add(_ expression: WhereExpression) -> Int {
            switch expression {
            case .comparison(let comparison):
                tests.append(comparison.test)
                steps.append(.comparison(tests.count - 1))
            case .and(let left, let right):
                let left = add(left)
                steps.append(.and(left, add(right)))
            case .or(let left, let right):
                let left = add(left)
                steps.append(.or(left, add(right)))
            case .not(let inner):
                steps.append(.not(add(inner)))
            }
            return steps.count - 1
        }

        /// True when the row whose `n`th value `value(n)` gives satisfies the expression.
        ///
        /// - Complexity: O(e) in the size of the expression.
        package func matches(byPosition value: (Int) -> CellValue) -> Bool {
            matches(step: steps.count - 1, value)
        }

        private func matches(step: Int, _ value: (Int) -> CellValue) -> Bool {
            switch steps[step] {
            case .comparison(let index): return tests[index].matches(value(index))
            case .and(let left, let right): return matches(step: left, value) && matches(step: right, value)
            case .or(let left, let right): return matches(step: left, value) || matches(step: right, value)
            case .not(let inner): return !matches(step: inner, value)
            }
        }
    }
}

/// One comparison of a column with a value.
public struct WhereComparison: Sendable, Hashable, CustomStringConvertible {
    /// How the column's value is compared with the value written.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case contains = "~"
        case notContains = "!~"
        /// `COL is missing`: the cell has no value.
        case isMissing = "is missing"
        /// `COL is not missing`.
        case isPresent = "is not missing"

        /// True when a cell that orders `order` (-1, 0 or 1) against the value satisfies an
        /// ordering; false for the operators that do not order.
        func admits(order: Int) -> Bool {
            switch self {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            case .contains, .notContains, .isMissing, .isPresent: return false
            }
        }
    }

    public let column: Column
    public let comparison: Operator
    /// The value, typed by the column's kind.
    public let value: CellValue
    /// The value as written.
    public let text: String

    public init(column: Column, comparison: Operator, value: CellValue, text: String) {
        self.column = column
        self.comparison = comparison
        self.value = value
        self.text = text
        test = Test(comparison: comparison, value: value, foldedText: TextFolding.fold(text))
    }

    /// What decides a cell, apart from the column and the text as written.
    package let test: Test

    /// True when `cell` satisfies the comparison.
    public func matches(_ cell: CellValue) -> Bool {
        test.matches(cell)
    }

    /// The part of a comparison that decides a cell: the operator, the value and the text folded.
    ///
    /// A reader that tests every row of a file keeps these alone: a whole comparison read from
    /// an array was copied at each row (its column and texts retained and released, by every
    /// core at once), where this copies a few words.
    package struct Test: Sendable, Hashable {
        let comparison: Operator
        let value: CellValue
        let foldedText: String

        /// True when `cell` satisfies the comparison.
        package func matches(_ cell: CellValue) -> Bool {
            if case .missing = cell {
                return comparison == .notEqual || comparison == .notContains || comparison == .isMissing
            }
            switch comparison {
            case .isMissing: return false
            case .isPresent: return true
            case .contains, .notContains:
                let found = TextFolding.folded(TextFolding.fold(cell.exportText), contains: foldedText)
                return found == (comparison == .contains)
            default:
                guard let order = WhereComparison.order(cell, value, foldedText: foldedText) else {
                    return comparison == .notEqual
                }
                return comparison.admits(order: order)
            }
        }
    }

    /// -1, 0 or 1 as `cell` orders against `value`; `nil` when they cannot be compared (text in
    /// a numeric column, say).
    static func order(_ cell: CellValue, _ value: CellValue, foldedText: String) -> Int? {
        switch (cell.decimal, value.decimal) {
        case (let left?, let right?):
            return left < right ? -1 : (right < left ? 1 : 0)
        default: break
        }
        if let left = cell.date, let right = value.date {
            return left < right ? -1 : (right < left ? 1 : 0)
        }
        if let left = cell.dateTime, let right = value.dateTime {
            if right.offset == nil {
                return left.isClockReading(before: right) ? -1 : (right.isClockReading(before: left) ? 1 : 0)
            }
            return left < right ? -1 : (right < left ? 1 : 0)
        }
        if let left = cell.time, let right = value.time {
            return left < right ? -1 : (right < left ? 1 : 0)
        }
        if case .text = value {
            let left = TextFolding.fold(cell.exportText)
            return left < foldedText ? -1 : (foldedText < left ? 1 : 0)
        }
        return nil
    }

    public var description: String {
        let name = WhereParser.quotedIfNeeded(column.name)
        if comparison == .isMissing || comparison == .isPresent { return "\(name) \(comparison.rawValue)" }
        return "\(name) \(comparison.rawValue) \(WhereParser.quotedIfNeeded(text))"
    }
}
