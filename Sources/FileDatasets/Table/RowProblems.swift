/// The records a load skipped: all of them counted, the first few kept to name.
public struct RowProblems: Sendable, Hashable {
    /// The first problems, in file order.
    public private(set) var first: [RowProblem] = []
    /// How many records were skipped in all.
    public private(set) var count = 0

    /// How many problems are kept to describe.
    static let kept = 8

    public init() {}

    mutating func append(_ problem: RowProblem) {
        count += 1
        if first.count < Self.kept { first.append(problem) }
    }

    /// Counts problems beyond the ones kept to name.
    mutating func addUncounted(_ more: Int) {
        count += more
    }

    /// The problems without the last `records` ones, which start at `line` (lines found not
    /// to be rows after all: notes below a table).
    func removingRecords(fromLine line: Int, count records: Int) -> RowProblems {
        var kept = RowProblems()
        for problem in first where problem.line < line { kept.append(problem) }
        kept.addUncounted(max(0, count - records) - kept.count)
        return kept
    }

    /// One line for the user, or `nil` when nothing was skipped:
    ///
    /// ```text
    /// skipped 3 malformed rows: line 5 has 3 fields, not 12; line 9 has 13 fields, not 12; …
    /// ```
    func summary(rowsKept: Int) -> String? {
        guard count > 0 else { return nil }
        var text = "skipped \(count) malformed row\(count == 1 ? "" : "s"): "
        text += first.map(\.description).joined(separator: "; ")
        if count > first.count { text += "; and \(count - first.count) more" }
        if count > rowsKept {
            text += " (most rows do not fit the header: check --delimiter, --no-header or --format-in)"
        }
        return text
    }
}
