import ListKit

/// Column widths for a table that must fit a terminal width, decided from the declared columns
/// and the widest value of each over the whole view, so a column is as wide on every page.
///
/// Alignment comes from each column's kind, never from a page's content. A number, a date or
/// a code is shown whole or not at all, and a header whole or in the short form its column
/// declares (`chg` for `change`), never cut: when the table is too wide, headers of numbers,
/// dates and codes give way to their short forms first, then text columns give up width down
/// to their minimum (a name keeps ``Column/nameMinimumWidth`` cells of text), then whole
/// columns are left out, lowest priority first (the rightmost of equal priorities). The pinned
/// columns at the left go last. Leftover width goes back to text columns that were squeezed.
package struct TableLayout: Sendable, Hashable {
    /// One column that made it onto the screen.
    package struct Placed: Sendable, Hashable {
        /// Its position among the columns the layout was given.
        package let index: Int
        package let column: Column
        package let width: Int
        /// The header as shown: the name, or its short form when the name does not fit.
        package let header: String
    }

    /// The columns shown, left to right.
    package let placed: [Placed]
    /// How many of the given columns did not fit.
    package let leftOut: Int

    /// The gap between columns.
    package static let gap = 2

    /// Lays out `columns`, whose widest values over the view are `widest`.
    ///
    /// Only the columns that can fit are fitted: each column after the first takes at least
    /// the gap, so at most `width / gap + 1` of them, the pinned ones and then the highest
    /// priorities (the leftmost of equals), are ever weighed against each other.
    ///
    /// - Parameters:
    ///   - columns: The columns the table shows, in order, the pinned ones first.
    ///   - headers: The header text of each column (made visible).
    ///   - widest: The display width of each column's widest value over the whole view.
    ///   - pinned: How many of the first columns are pinned: they stay while they fit, in
    ///     order, whatever their priority; the first column always stays.
    ///   - width: The width to fit; `nil` for no limit.
    /// - Complexity: O(c) for c columns, plus O(k log k) for the k ≤ `width / gap + 1`
    ///   columns that can fit.
    package init(columns: [Column], headers: [String], widest: [Int], pinned: Int = 1, width: Int?) {
        let content = columns.indices.map { $0 < widest.count ? widest[$0] : 0 }
        let headerWidths = headers.map(DisplayWidth.of)
        let shortHeaders = columns.indices.map { index -> String? in
            guard let short = columns[index].shortName.map(VisibleText.make),
                DisplayWidth.of(short) < headerWidths[index]
            else { return nil }
            return short
        }
        let natural = columns.indices.map { max(content[$0], headerWidths[$0]) }
        guard let width else {
            self.placed = columns.indices.map {
                Placed(index: $0, column: columns[$0], width: natural[$0], header: headers[$0])
            }
            self.leftOut = 0
            return
        }
        let sizes = ColumnSizes(
            columns: columns, content: content, natural: natural,
            header: columns.indices.map { shortHeaders[$0].map(DisplayWidth.of) ?? headerWidths[$0] })
        let kept = Self.keptColumns(sizes, pinned: pinned, width: width)
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
                // Only a lone column wider than the whole screen gets here.
                header = TextFitting.truncate(headers[index], toWidth: width)
            }
            return Placed(index: index, column: columns[index], width: width, header: header)
        }
        self.leftOut = columns.count - kept.count
    }

    /// Lays out `columns` over `rows` of texts (already made visible, one per column): the
    /// widest of each column is its widest in these rows (a whole table, as `--format table`
    /// prints it).
    ///
    /// - Complexity: O(r × c) for r rows of c cells, then as the layout over widest values.
    package init(columns: [Column], headers: [String], rows: [[String]], pinned: Int = 1, width: Int?) {
        let widest: [Int] = columns.indices.map { index in
            rows.reduce(0) { index < $1.count ? max($0, DisplayWidth.of($1[index])) : $0 }
        }
        self.init(columns: columns, headers: headers, widest: widest, pinned: pinned, width: width)
    }

    /// What the fitting knows of each column: its kind and priority, the width of its values,
    /// its natural width, and the width of its narrowest header (its short form, if it has one).
    struct ColumnSizes {
        let columns: [Column]
        let content: [Int]
        let natural: [Int]
        let header: [Int]

        /// The narrowest a number, date or code column gets: its values, under its narrowest
        /// header.
        func shortened(_ index: Int) -> Int {
            max(content[index], header[index])
        }

        /// The narrowest a text column gets: its minimum width (a name's is wider), or its whole
        /// width when that is less; never narrower than its narrowest header.
        func floor(_ index: Int) -> Int {
            max(min(natural[index], columns[index].narrowestWidth), header[index])
        }

        /// The narrowest `index` can be made.
        func narrowest(_ index: Int) -> Int {
            columns[index].kind.isNeverCut ? shortened(index) : floor(index)
        }
    }

    /// The columns shown, in order: when the narrowest widths of all do not fit, whole columns
    /// are left out, the lowest priority first (the rightmost of equals); the pinned columns
    /// (at least the first, the row's key) go last, the rightmost first.
    ///
    /// A column's narrowest width does not depend on the others, so the columns that stay are
    /// the longest run, pinned ones first and then in priority order, whose narrowest widths fit.
    ///
    /// - Complexity: O(c log c) to order the columns, then O(k) for the k that fit.
    static func keptColumns(_ sizes: ColumnSizes, pinned: Int = 1, width: Int) -> [Int] {
        let columns = sizes.columns
        guard !columns.isEmpty else { return [] }
        let held = min(columns.count, max(1, pinned))
        let order =
            Array(1..<held)
            + columns.indices.dropFirst(held).sorted { a, b in
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
    /// Headers of numbers, dates and codes give way to their short forms first, left to right,
    /// until the columns fit. Then text columns give up width down to their floor one character at a
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
            let shortened = sizes.shortened(index)
            sum += shortened - sizes.natural[index]
            widths[index] = shortened
        }
        let texts = kept.filter { !columns[$0].kind.isNeverCut }
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

    /// One line of the table: each placed column's text (from `texts`, aligned with the columns
    /// the layout was given) fitted to its width and alignment, joined by the gap.
    package func line(_ texts: [String]) -> String {
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
    package var headerLine: String {
        var parts: [String] = []
        for column in placed {
            parts.append(TextFitting.fit(column.header, toWidth: column.width, alignment: column.column.alignment))
        }
        var line = parts.joined(separator: String(repeating: " ", count: Self.gap))
        while line.last == " " { line.removeLast() }
        return line
    }
}
