import ListKit

/// Column widths for a table that must fit a terminal width.
///
/// Widths come from the header and the rows being shown (a page), so laying out a page
/// costs O(page × columns) whatever the size of the list. When the natural widths do not
/// fit, the widest columns give up space first, down to a minimum; columns that still do
/// not fit are left out and counted, so the user can be told.
public struct TableLayout: Sendable, Hashable {
    /// The width of each shown column.
    public let widths: [Int]
    /// The alignment of each shown column.
    public let alignments: [Alignment]
    /// How many trailing columns did not fit.
    public let hiddenColumns: Int

    /// The gap between columns.
    public static let gap = 2
    /// A column is not squeezed below this many columns (unless its content is narrower).
    public static let minimumColumnWidth = 6

    /// Lays out `header` and `rows` (already made visible) in at most `width` columns;
    /// `nil` means no limit.
    ///
    /// - Complexity: O(r × c) for r rows of c cells.
    public init(header: [String], rows: [[Cell]], visibleRows: [[String]], width: Int?) {
        var natural = header.map(DisplayWidth.of)
        var numeric = Array(repeating: false, count: header.count)
        var present = Array(repeating: false, count: header.count)
        for (cells, texts) in zip(rows, visibleRows) {
            for index in 0..<min(natural.count, texts.count) {
                natural[index] = max(natural[index], DisplayWidth.of(texts[index]))
                if cells[index].value != .missing {
                    if !present[index] {
                        present[index] = true
                        numeric[index] = true
                    }
                    numeric[index] = numeric[index] && cells[index].value.isNumeric
                }
            }
        }
        var widths = natural
        var hidden = 0
        if let width {
            func total(_ widths: [Int]) -> Int {
                widths.reduce(0, +) + Self.gap * max(0, widths.count - 1)
            }
            // Squeeze the widest column one step at a time until the table fits.
            while total(widths) > width {
                guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                    widths[widest] > min(natural[widest], Self.minimumColumnWidth)
                else { break }
                widths[widest] -= 1
            }
            while widths.count > 1, total(widths) > width {
                widths.removeLast()
                hidden += 1
            }
            if let only = widths.first, widths.count == 1, only > width {
                widths[0] = max(1, width)
            }
        }
        self.widths = widths
        self.alignments = (0..<widths.count).map { numeric[$0] ? .trailing : .leading }
        self.hiddenColumns = hidden
    }

    /// One line of the table: each text fitted to its column, joined by the gap.
    public func line(_ texts: [String]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(widths.count)
        for (index, width) in widths.enumerated() {
            let text = index < texts.count ? texts[index] : ""
            parts.append(TextFitting.fit(text, toWidth: width, alignment: alignments[index]))
        }
        var line = parts.joined(separator: String(repeating: " ", count: Self.gap))
        while line.last == " " { line.removeLast() }
        return line
    }
}
