import BrowseSupport
import ListKit
import Tabular

/// Decides exactly whether a row's text contains a folded query, as
/// `TextFolding.fold(cells joined by " ").contains(query)` would, scanning bytes.
///
/// The row's fields are folded into one reused buffer, joined by spaces like the controller's
/// row text, and searched. A match whose ends might split a character, and a row that is not
/// valid UTF-8, are decided by the `String` reference instead. One difference remains: `String`
/// treats canonically equivalent text as equal (`é` precomposed and `e` + U+0301), while bytes
/// are compared as written, so a query and a row in different normal forms do not match here.
/// Text is nearly always in normal form C, where the two agree.
/// One matcher per thread: it keeps scratch buffers.
struct RowMatcher {
    let needle: FoldedNeedle
    private let finder: ByteFinder
    private var folder = ByteFolder()
    private var text: [UInt8] = []
    private var fields: [CSVField] = []
    private var issues: [CSVIssue] = []

    init(needle: FoldedNeedle) {
        self.needle = needle
        self.finder = ByteFinder(needle.bytes)
        text.reserveCapacity(1024)
    }

    /// True when row `row` of `table` contains the needle.
    ///
    /// - Complexity: O(n) in the length of the record.
    mutating func matches(row: Int, in table: FileTable) -> Bool {
        table.scan(row: row, fields: &fields, issues: &issues)
        text.removeAll(keepingCapacity: true)
        for index in table.columns.indices {
            if index > 0 { text.append(ASCII.space) }
            guard index < fields.count else { continue }
            let folded = table.withContent(of: fields[index]) { folder.fold($0, into: &text) }
            guard folded else { return referenceMatch(row: row, in: table) }
        }
        switch search() {
        case .none: return false
        case .certain: return true
        case .unsure: return referenceMatch(row: row, in: table)
        }
    }

    private enum Outcome {
        case none
        case certain
        case unsure
    }

    /// Looks for the needle in the folded text; the first match decides.
    private func search() -> Outcome {
        text.withUnsafeBufferPointer { haystack -> Outcome in
            guard let start = finder.firstIndex(in: haystack, from: 0) else { return .none }
            let end = start + needle.bytes.count
            if start > 0 {
                guard let before = UTF8Scalar.decode(haystack, endingAt: start),
                    GraphemeBoundary.isCertain(between: before, and: needle.firstScalar)
                else { return .unsure }
            }
            if end < haystack.count {
                guard let (after, _) = UTF8Scalar.decode(haystack, at: end),
                    GraphemeBoundary.isCertain(between: needle.lastScalar, and: after)
                else { return .unsure }
            }
            return .certain
        }
    }

    /// The controller's own test, on the row's cell texts.
    private func referenceMatch(row: Int, in table: FileTable) -> Bool {
        let text = table.cells(ofRow: row).map(\.text).joined(separator: " ")
        return TextFolding.contains(text, foldedQuery: needle.query)
    }
}
