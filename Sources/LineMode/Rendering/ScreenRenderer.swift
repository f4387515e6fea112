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
    /// Widths seen on earlier pages of the same views, so columns stay put while paging.
    package var memory: ColumnWidthMemory?
    /// The terminal's height, when known: charts take about half of it, and a screen with a
    /// chart draws a compact one above its table when there are at least 20 rows.
    package var height: Int?
    /// Charts in `*`, `-` and `|` instead of braille (`--ascii`, or a locale without UTF-8).
    package var ascii = false

    package init(
        width: Int?, style: TextStyle, memory: ColumnWidthMemory? = nil, height: Int? = nil, ascii: Bool = false
    ) {
        self.width = width
        self.style = style
        self.memory = memory
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
        /// The table's column widths, to remember for the next page of the same view.
        package var widths: [String: Int] = [:]

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
        var widths: [String: Int] = [:]
        switch stack.top {
        case .list(let list):
            let body: [String]
            (body, rowLines, widths) = renderList(list, pageSize: pageSize, atRoot: stack.depth == 1)
            lines += body
        case .detail(let detail, let list, let row):
            lines += renderDetail(detail, list: list, row: row)
        case .chart(let chart, _):
            lines += renderChart(chart)
        }
        return Screen(lines: lines, rowLines: rowLines, widths: widths)
    }

    // MARK: - Lists

    private func renderList(_ list: any ListScreen, pageSize: Int, atRoot: Bool) -> ([String], Int, [String: Int]) {
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
            return (lines + wrapped("not loaded · r loads it").map(style.dim), 0, [:])
        case .loading:
            return (lines + [style.dim("loading…")], 0, [:])
        case .failed(let failure):
            let hint = wrapped("r tries again · b goes back").map(style.dim)
            return (lines + wrapped("could not load: \(failure)") + hint, 0, [:])
        case .loaded, .receiving:
            break
        }
        let page = Paging(count: list.count, pageSize: pageSize, position: list.position)
        let rows = list.rows(in: page.range)
        var columnsStatus: [String] = []
        var rowLines = 0
        var widths: [String: Int] = [:]
        if list.count > 0 {
            let body: [String]
            (body, columnsStatus, widths) = renderRows(rows, firstNumber: page.range.lowerBound + 1, list: list)
            rowLines = rows.count * (list.style == .subtitle ? 2 : 1)
            lines += body
        }
        lines += statusLines(status(list, page: page, columns: columnsStatus)).map(style.dim)
        if atRoot { lines += wrapped("a number opens it · h for help").map(style.dim) }
        return (lines, rowLines, widths)
    }

    /// The page's lines, and what the status line should say about columns.
    private func renderRows(
        _ rows: [[NamedCell]], firstNumber: Int, list: any ListScreen
    ) -> ([String], [String], [String: Int]) {
        let lastNumber = firstNumber + rows.count - 1
        let numberWidth = max(1, String(lastNumber).count)
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
            return (lines, [], [:])
        case .columns:
            return renderTable(
                rows, list: list, firstNumber: firstNumber, number: number, numberWidth: numberWidth,
                available: available)
        }
    }

    private func renderTable(
        _ rows: [[NamedCell]], list: any ListScreen, firstNumber: Int, number: (Int) -> String, numberWidth: Int,
        available: Int?
    ) -> ([String], [String], [String: Int]) {
        let (columns, scrolled) = Self.visibleColumns(of: list)
        let names = columns.map(\.name)
        let cells = rows.map { NamedCellLookup.cells(of: $0, in: names) }
        let texts = cells.map { $0.map { VisibleText.make($0.text) } }
        let layout = TableLayout(
            columns: columns, headers: names.map(VisibleText.make), rows: texts,
            remembered: memory?.widths(for: list) ?? [:], width: available)
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
        var status: [String] = []
        if layout.leftOut > 0 {
            let count = layout.leftOut
            status += ["\(count) more column\(count == 1 ? "" : "s")", "scroll with >", "cols lists them"]
        }
        if scrolled > 0 {
            status += ["\(scrolled) column\(scrolled == 1 ? "" : "s") scrolled past", "back with <"]
        }
        return (lines, status, layout.widthsByName)
    }

    /// The columns the table tries to show: the person's choice, the first one kept in place
    /// and the rest scrolled by `>`; and how many were scrolled past.
    static func visibleColumns(of list: any ListScreen) -> ([Column], Int) {
        let shown = list.columnChoice.shown(list.columns)
        guard shown.count > 1 else { return (shown, 0) }
        let offset = min(max(0, list.columnChoice.scrollOffset), shown.count - 2)
        return ([shown[0]] + shown.dropFirst(1 + offset), offset)
    }

    /// Rises in red and falls in green, the Taiwan convention, when colour is on.
    private func tinted(_ line: String, cells: [Cell], layout: TableLayout) -> String {
        guard style.enabled, cells.contains(where: { $0.tone != nil }) else { return line }
        var parts: [String] = []
        for placed in layout.placed {
            let cell = placed.index < cells.count ? cells[placed.index] : .missing
            let text = TextFitting.fit(
                VisibleText.make(cell.text), toWidth: placed.width, alignment: placed.column.alignment)
            switch cell.tone {
            case .rise: parts.append(style.red(text))
            case .fall: parts.append(style.green(text))
            case nil: parts.append(text)
            }
        }
        return parts.joined(separator: String(repeating: " ", count: TableLayout.gap))
    }

    private func status(_ list: any ListScreen, page: Paging, columns: [String]) -> [String] {
        var parts: [String] = []
        if list.count == 0 {
            parts.append(list.totalCount == 0 ? "no rows" : "no rows match")
        } else {
            let more = list.state == .receiving ? "… " + (list.receivingNote ?? "loading") : ""
            parts.append(
                "rows \(NumberText.grouped(page.range.lowerBound + 1))–\(NumberText.grouped(page.range.upperBound))"
                    + " of \(NumberText.grouped(list.count))\(more)")
        }
        if !list.filterText.isEmpty {
            let filter = TextFitting.truncate(VisibleText.make(list.filterText), toWidth: 30)
            parts.append("filter \"\(filter)\" (\(NumberText.grouped(list.totalCount)) in all)")
        }
        if let condition = list.whereExpression {
            let text = TextFitting.truncate(VisibleText.make(condition.description), toWidth: 40)
            parts.append(
                "where \(text)" + (list.filterText.isEmpty ? " (\(NumberText.grouped(list.totalCount)) in all)" : ""))
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
            // Many sources (a year of months) are counted, not listed; failures are still named.
            parts.append(
                loaded.count > 4 ? "loaded \(loaded.count) sources" : "loaded " + loaded.joined(separator: ", "))
        }
        for failure in list.sourceFailures {
            // A refresh that failed keeps the rows from before.
            let kept = list.loadedSources.contains(failure.source)
            parts.append(
                kept ? "\(failure.source) could not be refreshed (earlier rows shown)" : "\(failure.source) failed")
        }
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
        let missing = chart.ys.reduce(0) { $1 == nil ? $0 + 1 : $0 }
        if missing > 0 { title += " · \(NumberText.grouped(missing)) without a value (gaps)" }
        let plotHeight = max(6, (height ?? 24) / 2 - (chart.bars == nil ? 3 : 6))
        let renderer = ChartRenderer(width: width ?? 80, height: plotHeight, ascii: ascii, style: style)
        return wrapped(title) + renderer.lines(chart) + wrapped("export csv writes the points · b back").map(style.dim)
    }

    // MARK: - Details

    private func renderDetail(_ detail: Detail, list: (any ListScreen)?, row: Int?) -> [String] {
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
        lines += wrapped(hint.joined(separator: " · ")).map(style.dim)
        return lines
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
