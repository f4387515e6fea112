import BrowseSupport
import ListKit

/// Draws the top of a navigation stack as text: breadcrumb, header lines, the page of the
/// table with absolute row numbers, and a status line.
///
/// ```text
/// datasets › films
/// #  title                               year  director          episode
/// 1  Star Wars: A New Hope               1977  George Lucas      Episode IV
/// rows 1–6 of 6 · page 1/1
/// ```
///
/// Every text from data (titles, names, cells, statuses) is made visible first; lines that
/// describe (breadcrumb, header lines, status, notes) wrap to the width, and table cells are
/// laid out by `TableLayout`, which never cuts a number, a date or a code.
@MainActor
package struct ScreenRenderer {
    /// The width to fit; `nil` for no limit.
    package var width: Int?
    package var style: TextStyle
    /// The widest value of each column over each view, measured once per view, so columns
    /// are as wide on every page.
    package var widths: ViewWidths
    /// The terminal's height, when known: charts take about half of it, and a screen with a
    /// chart draws a compact one above its table when there are at least 20 rows.
    package var height: Int?
    /// Charts in `*`, `-` and `|` instead of braille (`--ascii`, or a locale without UTF-8).
    package var ascii = false
    /// Whether changed cells can be marked (at a prompt, where `watch` refreshes a screen):
    /// without colour their columns then keep a place for the mark from the first draw.
    package var marksChanges = false
    /// The terminal's height when text screens (a detail, long help) are paged, as at a
    /// person's prompt; `nil` shows them whole (a script, a pipe).
    package var textHeight: Int?
    /// The first line of the text on top that the page shows (`n` moved it on).
    package var textFirstLine = 0

    package init(
        width: Int?, style: TextStyle, widths: ViewWidths = ViewWidths(), height: Int? = nil, ascii: Bool = false
    ) {
        self.width = width
        self.style = style
        self.widths = widths
        self.height = height
        self.ascii = ascii
    }

    /// The smallest terminal that shows a screen's compact chart above its table.
    package static let compactChartMinimumHeight = 20

    /// A drawn screen: its lines, and how many of them are the table's rows.
    package struct Screen: Sendable, Hashable {
        package var lines: [String]
        /// Lines taken by the rows of the page (two per row in the subtitle style).
        package var rowLines: Int
        /// Lines besides the rows that any page of the view may take: the status line counted
        /// as it wraps at its longest (the last page's numbers, columns scrolled and left out),
        /// so that a page size fitted to the terminal is the same on every page of the view.
        package var overheadLines: Int
        /// How many of the columns that could be scrolled to the table left out for lack of
        /// width: `>` has nothing to bring in when there are none.
        package var columnsLeftOut = 0
        /// The width of each column the table shows, by name: the same on every page of a view.
        package var columnWidths: [String: Int] = [:]
        /// The page of a text screen (a detail, long help) too long for the terminal; `nil` when
        /// the whole text is shown.
        package var textPage: TextPage?

        /// The whole screen, each line ending in a newline.
        package var text: String { lines.map { $0 + "\n" }.joined() }
    }

    /// The whole screen for the top of `stack`, each line ending in a newline.
    package func render(_ stack: NavigationStack, pageSize: Int) -> String {
        screen(stack, pageSize: pageSize).text
    }

    /// The screen for the top of `stack` with pages of `pageSize` rows.
    package func screen(_ stack: NavigationStack, pageSize: Int) -> Screen {
        var lines = wrapped(stack.breadcrumb.joined(separator: " › ")).map(style.bold)
        var rowLines = 0
        var spareStatusLines = 0
        var table = ColumnsStatus()
        var textPage: TextPage?
        switch stack.top {
        case .list(let list):
            let body: [String]
            (body, rowLines, spareStatusLines, table) = renderList(list, pageSize: pageSize, atRoot: stack.depth == 1)
            lines += body
        case .detail(let detail, let list, let row):
            let (body, hints) = renderDetail(detail, list: list, row: row)
            (lines, textPage) = paged(head: lines, body: body, hints: hints)
        case .chart(let chart, _):
            lines += renderChart(chart)
        }
        return Screen(
            lines: lines, rowLines: rowLines, overheadLines: lines.count - rowLines + spareStatusLines,
            columnsLeftOut: table.leftOut, columnWidths: table.widths, textPage: textPage)
    }

    /// Text shown over the top of `stack` as a screen of its own (`h` longer than the
    /// terminal): the breadcrumb with `title` after it, then the text, a page at a time from
    /// `textFirstLine` when `textHeight` is set.
    ///
    /// - Parameter text: Lines already fitted to the width (help wraps its own).
    package func textScreen(_ stack: NavigationStack, title: String, text: [String]) -> Screen {
        let head = wrapped((stack.breadcrumb + [title]).joined(separator: " › ")).map(style.bold)
        let body = text.flatMap { TextWrapping.wrap(VisibleText.make($0), width: width) }
        let (lines, page) = paged(head: head, body: body, hints: ["b back"])
        return Screen(lines: lines, rowLines: 0, overheadLines: lines.count, textPage: page)
    }

    /// `head` over `body`, with `hints` in the status line: the whole text, or, when
    /// `textHeight` is set and the text does not fit it with the prompt, the page of `body`
    /// from `textFirstLine` and a status line that says which lines it shows.
    ///
    /// The page size counts the status line as it wraps at its longest (the last line's
    /// number), so every page of the text has as many lines.
    private func paged(head: [String], body: [String], hints: [String]) -> ([String], TextPage?) {
        let whole = head + body + wrapped(hints.joined(separator: " · ")).map(style.dim)
        guard let textHeight, whole.count + 1 > textHeight, !body.isEmpty else { return (whole, nil) }
        let paging = "n next · p previous"
        let hints = hints.contains(where: { $0.contains(paging) }) ? hints : [paging] + hints
        let total = NumberText.grouped(body.count)
        let longest = statusLines(["lines \(total)–\(total) of \(total)"] + hints)
        let size = max(1, textHeight - head.count - longest.count - 1)
        let page = Paging(count: body.count, pageSize: size, position: textFirstLine)
        let status = statusLines(
            [
                "lines \(NumberText.grouped(page.range.lowerBound + 1))–\(NumberText.grouped(page.range.upperBound))"
                    + " of \(total)"
            ] + hints)
        return (
            head + body[page.range] + status.map(style.dim),
            TextPage(first: page.range.lowerBound, size: size, total: body.count)
        )
    }

    // MARK: - Lists

    /// The list's lines, how many of them are rows, how many more lines its status line may
    /// take on another page of the view, and what the table left out and its widths.
    private func renderList(_ list: any ListScreen, pageSize: Int, atRoot: Bool) -> (
        [String], Int, Int, ColumnsStatus
    ) {
        // Header lines describe loaded items; before that they would only say "0 rows".
        var lines = list.state.hasRows ? list.headerLines.flatMap(wrapped) : []
        if list.state.hasRows, let request = list.chartRequest, let height,
            height >= Self.compactChartMinimumHeight, list.count > 1
        {
            let chart = ChartRenderer(width: width ?? 80, height: 4, ascii: ascii, style: style)
            // Only a store error can stop it (nothing stops a redraw): the table shows without it.
            if let data = try? ChartData.make(from: list, request: request) { lines += chart.lines(data) }
        }
        switch list.state {
        case .idle:
            return (lines + wrapped("not loaded · r loads it").map(style.dim), 0, 0, ColumnsStatus())
        case .loading:
            return (lines + [style.dim("loading…")], 0, 0, ColumnsStatus())
        case .failed(let failure):
            let hint = wrapped("r tries again · b goes back").map(style.dim)
            return (lines + wrapped("could not load: \(failure)") + hint, 0, 0, ColumnsStatus())
        case .loaded, .receiving:
            break
        }
        let page = Paging(count: list.count, pageSize: pageSize, position: list.position)
        let rows = list.rows(in: page.range)
        var columnsStatus = ColumnsStatus()
        var rowLines = 0
        if list.count > 0 {
            let body: [String]
            (body, columnsStatus) = renderRows(rows, firstNumber: page.range.lowerBound + 1, list: list)
            rowLines = rows.count * (list.style == .subtitle ? 2 : 1)
            lines += body
        }
        let shown = statusLines(status(list, page: page, columns: columnsStatus.parts))
        // The longest status of the view: the last page's numbers, and every column note.
        let last = Paging(count: list.count, pageSize: pageSize, position: list.count - 1)
        let longest = statusLines(status(list, page: last, columns: columnsStatus.longest, widestNumbers: true))
        lines += shown.map(style.dim)
        if atRoot { lines += wrapped("a number opens it · h for help").map(style.dim) }
        return (lines, rowLines, max(0, longest.count - shown.count), columnsStatus)
    }

    /// What the status line says about columns left out and scrolled past, and the most it
    /// may say on any page of the view; how many columns the table left out, and its widths.
    private struct ColumnsStatus {
        var parts: [String] = []
        var longest: [String] = []
        var leftOut = 0
        var widths: [String: Int] = [:]
    }

    /// The page's lines, and what the status line should say about columns.
    private func renderRows(
        _ rows: [[NamedCell]], firstNumber: Int, list: any ListScreen
    ) -> ([String], ColumnsStatus) {
        // As wide as the view's last row number on every page, so the columns never move.
        let numberWidth = max(1, String(list.count).count)
        let indent = numberWidth + TableLayout.gap
        let available = width.map { max(1, $0 - indent) }
        func number(_ value: Int) -> String {
            TextFitting.fit(String(value), toWidth: numberWidth, alignment: .trailing)
                + String(repeating: " ", count: TableLayout.gap)
        }
        switch list.style {
        case .basic, .subtitle:
            var lines: [String] = []
            for (offset, cells) in rows.enumerated() {
                let text = cells.first.map { VisibleText.make($0.cell.text) } ?? ""
                lines.append(trimmedRight(number(firstNumber + offset) + truncated(text, available)))
                if list.style == .subtitle, cells.count > 1 {
                    let detail = VisibleText.make(cells[1].cell.text)
                    lines.append(String(repeating: " ", count: indent) + style.dim(truncated(detail, available)))
                }
            }
            return (lines, ColumnsStatus())
        case .columns:
            return renderTable(
                rows, list: list, firstNumber: firstNumber, number: number, numberWidth: numberWidth,
                available: available)
        }
    }

    private func renderTable(
        _ rows: [[NamedCell]], list: any ListScreen, firstNumber: Int, number: (Int) -> String, numberWidth: Int,
        available: Int?
    ) -> ([String], ColumnsStatus) {
        let (columns, pinned, scrolled) = list.columnChoice.visible(list.columns)
        let names = columns.map(\.name)
        let cells = rows.map { NamedCellLookup.cells(of: $0, in: names) }
        let texts = cells.map { row in
            zip(row, columns).map { cell, column in
                // Without colour a changed cell is marked in a place its column always keeps.
                let mark =
                    !marksChanges || !column.marksChanges || style.enabled ? "" : cell.isMarked ? changeMark : " "
                return VisibleText.make(cell.text) + mark
            }
        }
        let layout = TableLayout(
            columns: columns, headers: names.map(VisibleText.make),
            widest: widths.widest(of: names, in: list, page: texts), pinned: pinned, width: available)
        var lines = [
            style.bold(
                trimmedRight(
                    TextFitting.fit("#", toWidth: numberWidth, alignment: .trailing)
                        + String(repeating: " ", count: TableLayout.gap) + layout.headerLine))
        ]
        for (offset, row) in texts.enumerated() {
            let line = tinted(layout.line(row), cells: cells[offset], layout: layout)
            lines.append(trimmedRight(number(firstNumber + offset) + line))
        }
        func leftOut(_ count: Int) -> [String] {
            ["\(count) more column\(count == 1 ? "" : "s")", "scroll with >", "cols lists them"]
        }
        func scrolledPast(_ count: Int) -> [String] {
            ["\(count) column\(count == 1 ? "" : "s") scrolled past", "back with <"]
        }
        var status = ColumnsStatus()
        if layout.leftOut > 0 { status.parts += leftOut(layout.leftOut) }
        if scrolled > 0 { status.parts += scrolledPast(scrolled) }
        // `>` scrolls only while columns are left out, and may then leave out or scroll past
        // any of the shown columns.
        let shown = list.columnChoice.shown(list.columns).count
        if layout.leftOut > 0 || scrolled > 0 {
            status.longest = leftOut(max(2, shown)) + scrolledPast(max(2, shown))
        }
        status.leftOut = layout.leftOut
        status.widths = Dictionary(layout.placed.map { ($0.column.name, $0.width) }) { first, _ in first }
        return (lines, status)
    }

    /// What marks a changed cell when colour is off.
    private var changeMark: String { ascii ? "+" : "•" }

    /// Rises in red and falls in green, the Taiwan convention, and changed cells in reverse
    /// video, when colour is on.
    private func tinted(_ line: String, cells: [Cell], layout: TableLayout) -> String {
        guard style.enabled, cells.contains(where: { $0.tone != nil || $0.isMarked }) else { return line }
        var parts: [String] = []
        for placed in layout.placed {
            let cell = placed.index < cells.count ? cells[placed.index] : .missing
            let fitted = TextFitting.fit(
                VisibleText.make(cell.text), toWidth: placed.width, alignment: placed.column.alignment)
            let text = cell.isMarked ? style.reverse(fitted) : fitted
            switch cell.tone {
            case .rise: parts.append(style.red(text))
            case .fall: parts.append(style.green(text))
            case nil: parts.append(text)
            }
        }
        return parts.joined(separator: String(repeating: " ", count: TableLayout.gap))
    }

    /// The rows of the view before any filter or `where`, `~` before an estimate.
    private static func total(of list: any ListScreen) -> String {
        (list.totalCountIsEstimate ? "~" : "") + NumberText.grouped(list.totalCount)
    }

    /// The parts of the status line of `page`; with `widestNumbers`, its rows numbered as
    /// widely as the view's last row, for the longest status any page may have.
    private func status(_ list: any ListScreen, page: Paging, columns: [String], widestNumbers: Bool = false)
        -> [String]
    {
        var parts: [String] = []
        if list.count == 0 {
            parts.append(list.totalCount == 0 ? "no rows" : "no rows match")
        } else {
            let more = list.state == .receiving ? "… " + (list.receivingNote ?? "loading") : ""
            let first = widestNumbers ? list.count : page.range.lowerBound + 1
            parts.append(
                "rows \(NumberText.grouped(first))–\(NumberText.grouped(page.range.upperBound))"
                    + " of \(list.countIsEstimate ? "~" : "")\(NumberText.grouped(list.count))\(more)")
        }
        if !list.filterText.isEmpty {
            let filter = TextFitting.truncate(VisibleText.make(list.filterText), toWidth: 30)
            parts.append("filter \"\(filter)\" (\(Self.total(of: list)) in all)")
        }
        if let condition = list.whereExpression {
            let text = TextFitting.truncate(VisibleText.make(condition.description), toWidth: 40)
            parts.append(
                "where \(text)" + (list.filterText.isEmpty ? " (\(Self.total(of: list)) in all)" : ""))
        }
        if let order = list.sortOrder {
            parts.append("sort \(order.description)")
        }
        if list.count > 0 {
            parts.append("page \(NumberText.grouped(page.number))/\(NumberText.grouped(page.pageCount))")
        }
        let failed = Set(list.sourceFailures.map(\.source))
        let loaded = list.loadedSources.filter { !failed.contains($0) }
        if loaded.count > 1 || (!failed.isEmpty && !loaded.isEmpty) {
            // Many sources of a kind (a year of months) are counted; failures are still named.
            parts.append("loaded " + SourceTitles.loaded(loaded))
        }
        // A refresh that failed keeps the rows from before.
        let refreshes = list.sourceFailures.map(\.source).filter { list.loadedSources.contains($0) }
        parts += refreshes.map { "\($0) could not be refreshed (earlier rows shown)" }
        parts += SourceTitles.failed(list.sourceFailures.map(\.source).filter { !refreshes.contains($0) })
        parts += columns
        if list.count == 0, !list.filterText.isEmpty {
            parts.append("/ clears the filter")
        }
        return parts
    }

    /// The status parts joined by ` · `, a new line started where the next part would not fit
    /// (a part wider than the whole line is wrapped at its spaces).
    private func statusLines(_ parts: [String]) -> [String] {
        let parts = parts.map(VisibleText.make)
        guard let width else { return [parts.joined(separator: " · ")] }
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " · " + part
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = TextWrapping.wrap(part, width: width)
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: - Charts

    /// What draws a chart on this screen, with bars under the line or without.
    package func chartRenderer(bars: Bool) -> ChartRenderer {
        let plotHeight = max(6, (height ?? 24) / 2 - (bars ? 6 : 3))
        return ChartRenderer(width: width ?? 80, height: plotHeight, ascii: ascii, style: style)
    }

    private func renderChart(_ chart: ChartData) -> [String] {
        let y = chart.request.y.name
        var title = "\(y)"
        if let bars = chart.request.bars { title += " and \(bars.name)" }
        title += chart.request.x.map { " by \($0.name)" } ?? " in the view's order"
        title += " · \(chart.source) · \(NumberText.grouped(chart.count)) rows"
        if let (low, high) = ChartRenderer.range(of: chart.ys) {
            let from = ChartRenderer.number(low, scale: chart.yScale, grouped: chart.yGrouped)
            let to = ChartRenderer.number(high, scale: chart.yScale, grouped: chart.yGrouped)
            title += " · \(from) – \(to)"
        }
        if let first = chart.xs.first, let last = chart.xs.last, chart.request.x?.kind == .date {
            title += " · \(CalendarDate(dayNumber: Int(first))) – \(CalendarDate(dayNumber: Int(last)))"
        } else if let ends = chart.xEnds, chart.request.x?.kind == .dateTime || chart.request.x?.kind == .time {
            title += " · \(ends.first.exportText) – \(ends.last.exportText)"
        }
        let missing = chart.missing
        if missing > 0 { title += " · \(NumberText.grouped(missing)) without a value (gaps)" }
        let renderer = chartRenderer(bars: chart.bars != nil)
        return wrapped(title) + renderer.lines(chart) + wrapped("export csv writes the points · b back").map(style.dim)
    }

    // MARK: - Details

    /// A detail's lines (its fields, then its notes) and the parts of its status line.
    private func renderDetail(_ detail: Detail, list: (any ListScreen)?, row: Int?) -> ([String], [String]) {
        let names = detail.fields.map { VisibleText.make($0.name) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let indent = 2 + nameWidth + 2
        var lines: [String] = []
        if let width, width - indent < 12 {
            // Too narrow for names and values side by side: each value goes under its name.
            for (name, field) in zip(names, detail.fields) {
                lines += TextWrapping.wrap("  " + name, width: width)
                lines += TextWrapping.wrap(VisibleText.make(field.value), width: max(1, width - 4)).map { "    " + $0 }
            }
        } else {
            let available = width.map { $0 - indent }
            for (name, field) in zip(names, detail.fields) {
                let pieces = TextWrapping.wrap(VisibleText.make(field.value), width: available)
                for (index, piece) in pieces.enumerated() {
                    let label = index == 0 ? TextFitting.fit(name, toWidth: nameWidth, alignment: .leading) : ""
                    let prefix = "  " + TextFitting.fit(label, toWidth: nameWidth, alignment: .leading) + "  "
                    lines.append(trimmedRight(prefix + piece))
                }
            }
        }
        lines += detail.notes.flatMap(wrapped)
        var hint: [String] = []
        if let list, let row {
            hint.append("row \(NumberText.grouped(row + 1)) of \(NumberText.grouped(list.count))")
            hint.append("n next · p previous")
        }
        hint.append("b back")
        return (lines, hint)
    }

    /// `text` made visible (titles, source names and statuses come from data too: a company
    /// name served by a mirror may hold escape sequences) and wrapped to the width.
    private func wrapped(_ text: String) -> [String] {
        TextWrapping.wrap(VisibleText.make(text), width: width)
    }

    private func truncated(_ text: String, _ width: Int?) -> String {
        let visible = VisibleText.make(text)
        guard let width else { return visible }
        return TextFitting.truncate(visible, toWidth: width)
    }

    private func trimmedRight(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
