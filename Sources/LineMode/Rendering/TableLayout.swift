import ListKit

/// Column widths for a table that must fit a terminal width, decided from the declared columns.
///
/// Alignment comes from each column's kind, never from a page's content. A number, a date or
/// a code is shown whole or not at all: when the table is too wide, headers of such columns
/// are shortened to their values first (shown as the column's declared short header when it
/// fits, `chg` for `change`, else cut with `…`), then text columns give up width down to their
/// minimum, then whole columns are left out, lowest priority first (the rightmost of equal
/// priorities). Leftover width goes back to text columns that were squeezed.
public struct TableLayout: Sendable, Hashable {
    /// One column that made it onto the screen.
    public struct Placed: Sendable, Hashable {
        /// Its position among the columns the layout was given.
        public let index: Int
        public let column: Column
        public let width: Int
        /// The header as shown: the name, or its declared short form when the name does not fit,
        /// cut only when neither does, never to the same text as a neighbour's.
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
    /// Only the columns that can fit are fitted: each column after the first takes at least
    /// the gap, so at most `width / gap + 1` of them, the first and then the highest
    /// priorities (the leftmost of equals), are ever weighed against each other.
    ///
    /// - Parameters:
    ///   - columns: The columns the table shows, in order.
    ///   - headers: The header text of each column (made visible).
    ///   - rows: The page's texts, one array per row, aligned with `columns`.
    ///   - remembered: Widths measured earlier in the same view, by column name, so columns do
    ///     not shrink and jump while paging; they only grow.
    ///   - width: The width to fit; `nil` for no limit.
    /// - Complexity: O(r × c) for r rows of c cells, plus O(c log c × l) for headers of
    ///   length l and O(k log k) for the k ≤ `width / gap + 1` columns that can fit.
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
        // A declared short header stands in for a cut one: whole, and as narrow as it is.
        let shortHeaders: [String?] = columns.indices.map { index in
            guard let short = columns[index].shortName.map(VisibleText.make), !short.isEmpty,
                DisplayWidth.of(short) < headerWidths[index]
            else { return nil }
            return short
        }
        guard let width else {
            self.placed = columns.indices.map {
                Placed(index: $0, column: columns[$0], width: natural[$0], header: headers[$0])
            }
            self.leftOut = 0
            return
        }
        // A short header lets a column narrow to it; a cut header, narrower still, is kept for
        // when the short one leaves no room (so the columns that fit are those that fit cut).
        let distinct = Self.distinctWidths(headers)
        let sizes = ColumnSizes(
            columns: columns, content: content, natural: natural,
            distinct: columns.indices.map { index in
                min(distinct[index], shortHeaders[index].map(DisplayWidth.of) ?? distinct[index])
            },
            preferred: columns.indices.map { index in shortHeaders[index].map(DisplayWidth.of) ?? distinct[index] })
        let kept = Self.keptColumns(sizes, width: width)
        var widths = Self.fit(kept, sizes, width: width)
        if kept.count == 1, let only = kept.first, widths[only] ?? 0 > width, !columns[only].kind.isNeverCut {
            widths[only] = max(1, width)
        }
        self.placed = kept.map { index in
            let width = widths[index] ?? natural[index]
            let header: String
            if headerWidths[index] <= width {
                header = headers[index]
            } else if let short = shortHeaders[index], DisplayWidth.of(short) <= width {
                header = short
            } else {
                header = TextFitting.truncate(headers[index], toWidth: width)
            }
            return Placed(index: index, column: columns[index], width: width, header: header)
        }
        self.leftOut = columns.count - kept.count
    }

    /// What the fitting knows of each column: its kind and priority, the width of its values
    /// and its natural width, and how narrow its header can be cut and still read apart (its
    /// declared short header's width, when it has one).
    struct ColumnSizes {
        let columns: [Column]
        let content: [Int]
        let natural: [Int]
        let distinct: [Int]
        /// The header width a column keeps while the table can make room otherwise: its short
        /// header's, when it has one, else `distinct`'s.
        var preferred: [Int]

        init(columns: [Column], content: [Int], natural: [Int], distinct: [Int], preferred: [Int]? = nil) {
            self.columns = columns
            self.content = content
            self.natural = natural
            self.distinct = distinct
            self.preferred = preferred ?? distinct
        }

        /// The narrowest a number, date or code column gets: its header shortened to its
        /// values, never to the same text as another header's, and never wider than it was.
        func shortened(_ index: Int) -> Int {
            min(natural[index], max(content[index], distinct[index], 2))
        }

        /// What a number, date or code column shrinks to first: its values, with its short
        /// header whole when it has one.
        func preferredShortened(_ index: Int) -> Int {
            min(natural[index], max(content[index], preferred[index], 2))
        }

        /// The narrowest a text column gets: its minimum width, or the width that tells its
        /// header apart, whichever is more, and never wider than it was.
        func floor(_ index: Int) -> Int {
            max(min(natural[index], columns[index].minimumWidth), min(natural[index], distinct[index]))
        }

        /// The narrowest `index` can be made.
        func narrowest(_ index: Int) -> Int {
            columns[index].kind.isNeverCut ? shortened(index) : floor(index)
        }
    }

    /// The columns shown, in order: when the narrowest widths of all do not fit, whole columns
    /// are left out, the lowest priority first (the rightmost of equals); the first column
    /// (the row's key) goes last.
    ///
    /// A column's narrowest width does not depend on the others, so the columns that stay are
    /// the first and then the longest run, in priority order, whose narrowest widths fit.
    ///
    /// - Complexity: O(c log c) to order the columns, then O(k) for the k that fit.
    static func keptColumns(_ sizes: ColumnSizes, width: Int) -> [Int] {
        let columns = sizes.columns
        guard !columns.isEmpty else { return [] }
        let order = columns.indices.dropFirst().sorted { a, b in
            columns[a].priority != columns[b].priority ? columns[a].priority > columns[b].priority : a < b
        }
        var kept = [0]
        var used = sizes.narrowest(0)
        for index in order {
            used += gap + sizes.narrowest(index)
            if used > width { break }
            kept.append(index)
        }
        return kept.sorted()
    }

    /// Widths for the columns `kept` (in order) within `width`, as far as shortening headers
    /// and squeezing text columns go; a column not kept has none.
    ///
    /// Headers of numbers, dates and codes shrink to their values first, left to right, until
    /// the columns fit. Then text columns give up width down to their floor one character at a
    /// time, the lowest priority first and of equal priorities the widest (the leftmost of
    /// equals): within a priority that levels the widest down together, which is computed at
    /// once rather than a character at a time.
    ///
    /// - Complexity: O(k log w) for k columns no wider than w.
    static func fit(_ kept: [Int], _ sizes: ColumnSizes, width: Int) -> [Int: Int] {
        let columns = sizes.columns
        var widths: [Int: Int] = [:]
        var sum = gap * max(0, kept.count - 1)
        for index in kept {
            widths[index] = sizes.natural[index]
            sum += sizes.natural[index]
        }
        for index in kept where sum > width && columns[index].kind.isNeverCut {
            let shortened = sizes.preferredShortened(index)
            sum += shortened - sizes.natural[index]
            widths[index] = shortened
        }
        let texts = kept.filter { !columns[$0].kind.isNeverCut }
        // Short headers stay whole while text columns can give up the width; past that they
        // are cut too, left to right.
        let textSlack = texts.reduce(0) { $0 + sizes.natural[$1] - sizes.floor($1) }
        for index in kept where sum - textSlack > width && columns[index].kind.isNeverCut {
            let current = widths[index] ?? sizes.natural[index]
            let shortened = sizes.shortened(index)
            sum += shortened - current
            widths[index] = shortened
        }
        let priorities = Set(texts.map { columns[$0].priority }).sorted()
        for priority in priorities where sum > width {
            // Those of this priority that can give up width, left to right.
            let group = texts.filter { columns[$0].priority == priority && sizes.natural[$0] > sizes.floor($0) }
            let excess = sum - width
            func level(_ index: Int, at top: Int) -> Int { max(sizes.floor(index), min(sizes.natural[index], top)) }
            func reduction(at top: Int) -> Int { group.reduce(0) { $0 + sizes.natural[$1] - level($1, at: top) } }
            // The lowest top that takes no more than the excess; then one more character from
            // each of the leftmost columns at that top, as many as the excess still asks.
            var low = 0
            var high = group.map { sizes.natural[$0] }.max() ?? 0
            while low < high {
                let middle = (low + high) / 2
                if reduction(at: middle) <= excess { high = middle } else { low = middle + 1 }
            }
            var remaining = excess - reduction(at: low)
            for index in group {
                var squeezed = level(index, at: low)
                if remaining > 0, squeezed == low, sizes.floor(index) < low {
                    squeezed -= 1
                    remaining -= 1
                }
                sum += squeezed - sizes.natural[index]
                widths[index] = squeezed
            }
        }
        return widths
    }

    /// For each header, the narrowest width at which, cut with `…`, it still differs from
    /// every other header: one character past the longest prefix it shares, and the ellipsis.
    /// A header never needs more than its own width.
    ///
    /// The header sharing the longest prefix with a given one is a neighbour of it once the
    /// headers are sorted: the nearest one before it that is not the same, or the first one
    /// after it that does not begin with it (a header it begins is no rival: it is cut later).
    ///
    /// - Complexity: O(c log c × l) for c headers of length l.
    static func distinctWidths(_ headers: [String]) -> [Int] {
        let characters = headers.map(Array.init)
        let sorted = characters.indices.sorted { a, b in
            characters[a].lexicographicallyPrecedes(characters[b])
        }
        func sharedPrefix(_ a: [Character], _ b: [Character]) -> Int {
            var shared = 0
            while shared < a.count, shared < b.count, a[shared] == b[shared] { shared += 1 }
            return shared
        }
        var needed = [Int](repeating: 0, count: headers.count)
        // Runs of equal headers, and how far the headers that begin with each run go.
        var position = 0
        while position < sorted.count {
            let own = characters[sorted[position]]
            var sameEnd = position + 1
            while sameEnd < sorted.count, characters[sorted[sameEnd]] == own { sameEnd += 1 }
            // Those that begin with it come next, together: the first that does not is found by halving.
            var after = sameEnd
            var last = sorted.count
            while after < last {
                let middle = (after + last) / 2
                if sharedPrefix(own, characters[sorted[middle]]) == own.count {
                    after = middle + 1
                } else {
                    last = middle
                }
            }
            var shared = -1
            if position > 0 { shared = sharedPrefix(own, characters[sorted[position - 1]]) }
            if after < sorted.count { shared = max(shared, sharedPrefix(own, characters[sorted[after]])) }
            if shared >= 0, shared < own.count {
                let sharedWidth = own[0..<shared].reduce(0) { $0 + DisplayWidth.of($1) }
                let width = min(
                    sharedWidth + DisplayWidth.of(own[shared]) + 1, DisplayWidth.of(headers[sorted[position]]))
                for index in sorted[position..<sameEnd] { needed[index] = width }
            }
            position = sameEnd
        }
        return needed
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
