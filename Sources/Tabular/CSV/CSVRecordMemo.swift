/// What record scans remember of the records they read across lines, so that a scan starting
/// inside one of them stops where it meets one of that record's fields.
///
/// A reader that rejects a record spanning lines (a stray or unclosed quote swallowed the
/// lines after it) starts again on the record's next line, inside the bytes it has just read.
/// Each such start read again to where the swallowing ended: a file of such lines was read once
/// per line, in quadratic time. But a field read from a given byte is the same field whichever
/// scan reads it, and so is everything after it in its record. A scan that reaches a field
/// start remembered here takes the rest of the record from the memo: how many fields it has,
/// where it ends, whether a quote in it is never closed and, for a record of at most
/// ``keeping`` fields, its last fields and their problems.
///
/// Only records that span lines are remembered (a scan starts at a line start, so no other
/// record can be started inside), and of their fields the last 64 starts and, before them,
/// one at least every 64 fields and every 4 KiB: a scan that has met a record reads at most
/// that much before it meets a start remembered, and the scans after it meet its own. Only
/// records read field by field (those with a problem) are remembered and meet others; the memo
/// forgets everything when such a scan starts past the records it holds, and when it is full
/// (then scans read in full again).
///
/// Reference semantics: a scanner holds one and lends it to each record scan.
package final class CSVRecordMemo {
    /// Where the rest of a record leads from a remembered field start.
    struct Mark {
        /// The fields from this one to the record's end, this one included.
        let remaining: Int
        /// The record's ending, in ``outcomes``.
        let outcome: Int
    }

    /// How a remembered record ends.
    private struct Outcome {
        /// Where its bytes end.
        let end: Int
        /// Where the record after it starts.
        let next: CSVCursor
        /// The line its last field ends on.
        let lastLine: Int
        /// Its last fields, at most ``CSVRecordMemo/keeping`` of them.
        let tail: [CSVField]
        /// The problems in those fields.
        let tailIssues: [CSVIssue]
        /// Its quote never closed, if it has one (always in its last field).
        let unterminated: CSVIssue?
    }

    /// Fields remembered between field starts, at most.
    private static let fieldsApart = 64
    /// Bytes remembered between field starts, at most.
    private static let bytesApart = 4_096

    /// A record of at most this many fields is given whole by a scan that meets it: its fields
    /// and its problems. A longer one only by its count and an unclosed quote.
    package let keeping: Int
    /// The fields that scans lent this memo have read field by field: the work that meeting
    /// remembered records saves.
    package private(set) var fieldsScanned = 0

    /// Entries (marks and fields of tails) beyond which the memo starts again empty.
    private let capacity: Int
    private var marks: [Int: Mark] = [:]
    private var outcomes: [Outcome] = []
    /// The fields held in the records' tails.
    private var tailFields = 0
    /// The marks left after the last time those behind the scans were let go.
    private var marksKept = 0
    /// Where the furthest record remembered ends: a scan from there on meets none.
    private var horizon = 0

    /// Creates an empty memo.
    ///
    /// - Parameters:
    ///   - keeping: Records of at most this many fields are given whole.
    ///   - capacity: The marks and fields remembered beyond which the memo starts again
    ///     empty: about 40 bytes each.
    package init(keeping: Int, capacity: Int = 1 << 20) {
        self.keeping = max(keeping, 0)
        self.capacity = capacity
    }

    /// True when nothing is remembered.
    var isEmpty: Bool { marks.isEmpty }

    /// Forgets what scans starting at `offset` and after it cannot meet: every record when
    /// `offset` is past them all, else, now and then, the field starts before it.
    func forget(before offset: Int) {
        guard !outcomes.isEmpty else { return }
        if offset >= horizon {
            clear()
        } else if marks.count >= 2 * marksKept + 1_024 {
            // A scan started on each line that meets the one before reads a line's fields, and
            // remembers them: let them go once most of the marks are behind the scans.
            marks = marks.filter { $0.key >= offset }
            marksKept = marks.count
        }
    }

    /// The field starts remembered.
    var marksRemembered: Int { marks.count }

    /// The mark at a field start, if one is remembered there.
    func mark(at start: Int) -> Mark? {
        marks[start]
    }

    /// Completes a scan and remembers the record when it spans lines.
    ///
    /// - Parameters:
    ///   - fields: The fields the scan read; the fields after `met` are added to them when the
    ///     record has at most ``keeping`` fields.
    ///   - issues: The caller's problems, this record's from `firstIssue` on; the problems of the
    ///     fields added are added.
    ///   - met: The field start remembered that the scan reached, and its mark; `nil` when the
    ///     scan read the record to its end.
    ///   - recordLine: The line the record starts on.
    ///   - end: Where the scan's fields end; set to where the record ends.
    ///   - next: Where the next record starts; set from the record met.
    ///   - lastLine: The line the scan's last field ends on.
    /// - Returns: How many fields the record has.
    func complete(
        fields: inout [CSVField], issues: inout [CSVIssue], firstIssue: Int, met: (start: Int, mark: Mark)?,
        recordLine: Int, end: inout Int, next: inout CSVCursor, lastLine: Int
    ) -> Int {
        let read = fields.count
        fieldsScanned += read
        var lastLine = lastLine
        var total = read
        if let met {
            let outcome = outcomes[met.mark.outcome]
            let remaining = met.mark.remaining
            total += remaining
            end = outcome.end
            next = outcome.next
            lastLine = outcome.lastLine
            if total <= keeping {
                fields.append(contentsOf: outcome.tail.suffix(remaining))
                issues.append(contentsOf: outcome.tailIssues.lazy.filter { $0.byteOffset >= met.start })
            } else if let unterminated = outcome.unterminated {
                issues.append(unterminated)
            }
        }
        guard lastLine > recordLine, read > 1 else { return total }
        guard marks.count + tailFields + Self.fieldsApart + read / Self.fieldsApart + keeping <= capacity else {
            clear()
            return total
        }

        // A scan that met a record ends as it does. Its own fields that a later scan, started
        // on a later line, can meet are that record's fields too: at a line break inside the
        // record the record is inside quotes, and a scan inside them as well closes them where
        // the record does, from where the two read alike; a scan outside them ends there.
        let outcome: Int
        if let met {
            outcome = met.mark.outcome
        } else {
            let tail = fields.suffix(keeping)
            let tailStart = tail.first.map { Self.start(of: $0) } ?? end
            outcomes.append(
                Outcome(
                    end: end, next: next, lastLine: lastLine, tail: Array(tail),
                    tailIssues: issues[firstIssue...].filter { $0.byteOffset >= tailStart },
                    unterminated: issues[firstIssue...].last { $0.kind == .unterminatedQuote }))
            outcome = outcomes.count - 1
            tailFields += tail.count
        }
        // The last `fieldsApart` field starts, where the scans started on the next lines meet
        // this one soonest, then one at least every `fieldsApart` fields and `bytesApart`
        // bytes; not the first, where no other scan starts.
        var nextIndex = read
        var nextStart = met?.start ?? end
        for index in stride(from: read - 1, through: 1, by: -1) {
            let start = Self.start(of: fields[index])
            guard
                read - index <= Self.fieldsApart || nextIndex - index >= Self.fieldsApart
                    || nextStart - start >= Self.bytesApart
            else { continue }
            marks[start] = Mark(remaining: total - index, outcome: outcome)
            nextIndex = index
            nextStart = start
        }
        horizon = max(horizon, next.offset)
        return total
    }

    private func clear() {
        marks = [:]
        outcomes = []
        tailFields = 0
        marksKept = 0
        horizon = 0
    }

    /// Where a field's bytes start: at its opening quote when it has one.
    private static func start(of field: CSVField) -> Int {
        field.isQuoted ? field.contentRange.lowerBound - 1 : field.contentRange.lowerBound
    }
}
