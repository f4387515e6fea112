import ListKit

/// Column widths for a table that must fit a terminal width, decided from the declared columns.
///
/// Alignment comes from each column's kind, never from a page's content. A number, a date or
/// a code is shown whole or not at all: when the table is too wide, headers of such columns
/// are shortened to their values first, then text columns give up width down to their
/// minimum, then whole columns are left out, lowest priority first (the rightmost of equal
/// priorities). Leftover width goes back to text columns that were squeezed.
public struct TableLayout: Sendable, Hashable {
    /// One column that made it onto the screen.
    public struct Placed: Sendable, Hashable {
        /// Its position among the columns the layout was given.
        public let index: Int
        public let column: Column
        public let width: Int
        /// The header as shown: the name, shortened only when it must be, never to the same
        /// text as a neighbour's.
        public let header: String
    }

    /// The columns shown, left to right.
    public let placed: [Placed]
    /// How many of the given columns did not fit.
    public let leftOut: Int

    /// The gap between columns.
    public static let gap = 2

    /// Lays out `columns` over `rows` of texts (already made visible, one per column).
    ///
    /// - Parameters:
    ///   - columns: The columns the table shows, in order.
    ///   - headers: The header text of each column (made visible).
    ///   - rows: The page's texts, one array per row, aligned with `columns`.
    ///   - remembered: Widths measured earlier in the same view, by column name, so columns do
    ///     not shrink and jump while paging; they only grow.
    ///   - width: The width to fit; `nil` for no limit.
    /// - Complexity: O(r × c) for r rows of c cells.
    public init(
        columns: [Column], headers: [String], rows: [[String]], remembered: [String: Int] = [:], width: Int?
    ) {
        let content: [Int] = columns.indices.map { index in
            var widest = remembered[columns[index].name] ?? 0
            for row in rows where index < row.count {
                widest = max(widest, DisplayWidth.of(row[index]))
            }
            return widest
        }
        let headerWidths = headers.map(DisplayWidth.of)
        let natural = columns.indices.map { max(content[$0], headerWidths[$0]) }
        let distinct = Self.distinctWidths(headers)
        guard let width else {
            self.placed = columns.indices.map {
                Placed(index: $0, column: columns[$0], width: natural[$0], header: headers[$0])
            }
            self.leftOut = 0
            return
        }
        var kept = Array(columns.indices)
        var widths = natural
        while true {
            widths = Self.fit(
                kept, columns: columns, content: content, natural: natural, distinct: distinct, width: width)
            if Self.total(kept.map { widths[$0] }) <= width || kept.count <= 1 { break }
            // Leave out the lowest priority column, the rightmost of equals; the first column
            // (the row's key) goes last.
            let candidates = kept.dropFirst()
            guard
                let victim = candidates.min(by: { a, b in
                    columns[a].priority != columns[b].priority ? columns[a].priority < columns[b].priority : a > b
                })
            else { break }
            kept.removeAll { $0 == victim }
        }
        if kept.count == 1, let only = kept.first, widths[only] > width, !columns[only].kind.isNeverCut {
            widths[only] = max(1, width)
        }
        self.placed = kept.map { index in
            let header =
                DisplayWidth.of(headers[index]) <= widths[index]
                ? headers[index] : TextFitting.truncate(headers[index], toWidth: widths[index])
            return Placed(index: index, column: columns[index], width: widths[index], header: header)
        }
        self.leftOut = columns.count - kept.count
    }

    /// Widths for the columns `kept` within `width`, as far as shortening headers and
    /// squeezing text columns go.
    private static func fit(
        _ kept: [Int], columns: [Column], content: [Int], natural: [Int], distinct: [Int], width: Int
    ) -> [Int] {
        var widths = natural
        func sum() -> Int { total(kept.map { widths[$0] }) }
        // Headers of numbers, dates and codes may shrink to the values, as long as they still
        // read differently from every other header.
        for index in kept where sum() > width && columns[index].kind.isNeverCut {
            widths[index] = max(content[index], distinct[index], 2)
        }
        // Text columns give up width down to their minimum: the lowest priority first, and of
        // equal priorities the widest.
        func floor(_ index: Int) -> Int {
            max(min(natural[index], columns[index].minimumWidth), min(natural[index], distinct[index]))
        }
        while sum() > width {
            let squeezable = kept.filter { index in
                !columns[index].kind.isNeverCut && widths[index] > floor(index)
            }
            guard
                let next = squeezable.min(by: { a, b in
                    columns[a].priority != columns[b].priority
                        ? columns[a].priority < columns[b].priority : widths[a] > widths[b]
                })
            else { break }
            widths[next] -= 1
        }
        return widths
    }

    /// For each header, the narrowest width at which, cut with `…`, it still differs from
    /// every other header: one character past the longest prefix it shares, and the ellipsis.
    /// A header never needs more than its own width.
    ///
    /// - Complexity: O(c² × l) for c headers of length l; tables have tens of columns.
    static func distinctWidths(_ headers: [String]) -> [Int] {
        let characters = headers.map(Array.init)
        return characters.indices.map { index in
            let own = characters[index]
            var needed = 0
            for other in characters.indices where other != index {
                var shared = 0
                var sharedWidth = 0
                while shared < own.count, shared < characters[other].count, own[shared] == characters[other][shared] {
                    sharedWidth += DisplayWidth.of(own[shared])
                    shared += 1
                }
                guard shared < own.count else { continue }
                needed = max(needed, sharedWidth + DisplayWidth.of(own[shared]) + 1)
            }
            return min(needed, DisplayWidth.of(headers[index]))
        }
    }

    private static func total(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + gap * max(0, widths.count - 1)
    }

    /// The widths shown, by column name, to remember for the next page of the same view.
    public var widthsByName: [String: Int] {
        Dictionary(placed.map { ($0.column.name, $0.width) }) { first, _ in first }
    }

    /// One line of the table: each placed column's text (from `texts`, aligned with the columns
    /// the layout was given) fitted to its width and alignment, joined by the gap.
    public func line(_ texts: [String]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(placed.count)
        for column in placed {
            let text = column.index < texts.count ? texts[column.index] : ""
            parts.append(TextFitting.fit(text, toWidth: column.width, alignment: column.column.alignment))
        }
        var line = parts.joined(separator: String(repeating: " ", count: Self.gap))
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The header line.
    public var headerLine: String {
        var parts: [String] = []
        for column in placed {
            parts.append(TextFitting.fit(column.header, toWidth: column.width, alignment: column.column.alignment))
        }
        var line = parts.joined(separator: String(repeating: " ", count: Self.gap))
        while line.last == " " { line.removeLast() }
        return line
    }
}
