import ListKit

/// Draws the top of a navigation stack as text: breadcrumb, header lines, the page of the
/// table with absolute row numbers, and a status line.
///
/// ```text
/// datasets › films
///  #  title
///  1  Star Wars: A New Hope
///     1977
/// rows 1–6 of 6 · page 1/1
/// ```
@MainActor
public struct ScreenRenderer {
    /// The width to fit; `nil` for no limit.
    public var width: Int?
    public var style: TextStyle

    public init(width: Int?, style: TextStyle) {
        self.width = width
        self.style = style
    }

    /// The whole screen for the top of `stack`, each line ending in a newline.
    public func render(_ stack: NavigationStack, pageSize: Int) -> String {
        var lines = [style.bold(fitted(stack.breadcrumb.joined(separator: " › ")))]
        switch stack.top {
        case .list(let list):
            lines += renderList(list, pageSize: pageSize)
        case .detail(let detail, let list, let row):
            lines += renderDetail(detail, list: list, row: row)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    // MARK: - Lists

    private func renderList(_ list: any ListScreen, pageSize: Int) -> [String] {
        // Header lines describe loaded items; before that they would only say "0 rows".
        var lines = list.state == .loaded ? list.headerLines.map { fitted(VisibleText.make($0)) } : []
        switch list.state {
        case .idle:
            return lines + [style.dim(fitted("not loaded · r loads it"))]
        case .loading:
            return lines + [style.dim("loading…")]
        case .failed(let reason):
            return lines + [
                fitted("could not load: " + VisibleText.make(reason)),
                style.dim(fitted("r tries again · b goes back")),
            ]
        case .loaded:
            break
        }
        let page = Paging(count: list.count, pageSize: pageSize, position: list.position)
        let rows = list.rows(in: page.range)
        var hidden = 0
        if list.count > 0 {
            let body: [String]
            (body, hidden) = renderRows(rows, firstNumber: page.range.lowerBound + 1, list: list)
            lines += body
        }
        lines += statusLines(status(list, page: page, hiddenColumns: hidden)).map(style.dim)
        return lines
    }

    private func renderRows(_ rows: [[NamedCell]], firstNumber: Int, list: any ListScreen) -> ([String], Int) {
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
                lines.append(number(firstNumber + offset) + truncated(text, available))
                if list.style == .subtitle, cells.count > 1 {
                    let detail = VisibleText.make(cells[1].cell.text)
                    lines.append(String(repeating: " ", count: indent) + style.dim(truncated(detail, available)))
                }
            }
            return (lines.map(trimmedRight), 0)
        case .columns:
            let header = list.columnNames
            let cells = rows.map { row in header.map { name in row.first { $0.name == name }?.cell ?? .missing } }
            let texts = cells.map { $0.map { VisibleText.make($0.text) } }
            let layout = TableLayout(
                header: header.map(VisibleText.make), rows: cells, visibleRows: texts, width: available)
            var lines = [
                style.bold(
                    TextFitting.fit("#", toWidth: numberWidth, alignment: .trailing)
                        + String(repeating: " ", count: TableLayout.gap)
                        + layout.line(header.map(VisibleText.make)))
            ]
            for (offset, row) in texts.enumerated() {
                lines.append(trimmedRight(number(firstNumber + offset) + layout.line(row)))
            }
            return (lines, layout.hiddenColumns)
        }
    }

    /// The status parts joined by ` · `, wrapped onto more lines rather than cut when narrow.
    private func statusLines(_ parts: [String]) -> [String] {
        guard let width else { return [parts.joined(separator: " · ")] }
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " · " + part
            if !current.isEmpty, DisplayWidth.of(candidate) > width {
                lines.append(current)
                current = part
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.map(fitted)
    }

    private func status(_ list: any ListScreen, page: Paging, hiddenColumns: Int) -> [String] {
        var parts: [String] = []
        if list.count == 0 {
            parts.append(list.totalCount == 0 ? "no rows" : "no rows match")
        } else {
            parts.append(
                "rows \(NumberText.grouped(page.range.lowerBound + 1))–\(NumberText.grouped(page.range.upperBound))"
                    + " of \(NumberText.grouped(list.count))")
        }
        if !list.filterText.isEmpty {
            let filter = TextFitting.truncate(VisibleText.make(list.filterText), toWidth: 30)
            parts.append("filter \"\(filter)\" (\(NumberText.grouped(list.totalCount)) in all)")
        }
        if let order = list.sortOrder {
            parts.append("sort \(VisibleText.make(order.description))")
        }
        if list.count > 0 {
            parts.append("page \(NumberText.grouped(page.number))/\(NumberText.grouped(page.pageCount))")
        }
        let loaded = list.loadedSources
        if loaded.count > 1 || !list.sourceFailures.isEmpty {
            if !loaded.isEmpty { parts.append("loaded " + loaded.joined(separator: ", ")) }
            for failure in list.sourceFailures {
                parts.append("\(failure.source) failed")
            }
        }
        if hiddenColumns > 0 {
            parts.append("\(hiddenColumns) more column\(hiddenColumns == 1 ? "" : "s") → choose a row")
        }
        if list.count == 0, !list.filterText.isEmpty {
            parts.append("/ clears the filter")
        }
        return parts
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
                lines.append(fitted("  " + name))
                lines += wrapped(VisibleText.make(field.value), max(1, width - 4)).map { "    " + $0 }
            }
        } else {
            let available = width.map { $0 - indent }
            for (name, field) in zip(names, detail.fields) {
                let pieces = wrapped(VisibleText.make(field.value), available)
                for (index, piece) in pieces.enumerated() {
                    let label = index == 0 ? TextFitting.fit(name, toWidth: nameWidth, alignment: .leading) : ""
                    let prefix = "  " + TextFitting.fit(label, toWidth: nameWidth, alignment: .leading) + "  "
                    lines.append(trimmedRight(prefix + piece))
                }
            }
        }
        lines += detail.notes.map { fitted(VisibleText.make($0)) }
        var hint: [String] = []
        if let list, let row {
            hint.append("row \(NumberText.grouped(row + 1)) of \(NumberText.grouped(list.count))")
            hint.append("n next · p previous")
        }
        hint.append("b back")
        lines.append(style.dim(fitted(hint.joined(separator: " · "))))
        return lines
    }

    /// Splits `text` into pieces at most `width` columns wide, at a space when there is one,
    /// never inside a character.
    private func wrapped(_ text: String, _ width: Int?) -> [String] {
        guard let width, DisplayWidth.of(text) > width else { return [text] }
        var pieces: [String] = []
        var current: [Character] = []
        var currentWidth = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > width, !current.isEmpty {
                if character != " ", let space = current.lastIndex(of: " "), space > 0 {
                    // Carry the last word over to the next line.
                    pieces.append(String(current[..<space]))
                    current = Array(current[(space + 1)...])
                } else {
                    pieces.append(String(current))
                    current = []
                }
                currentWidth = current.reduce(0) { $0 + DisplayWidth.of($1) }
                if character == " ", current.isEmpty { continue }
            }
            current.append(character)
            currentWidth += characterWidth
        }
        if !current.isEmpty { pieces.append(String(current)) }
        return pieces
    }

    /// `text` made visible (titles, source names and statuses come from data too: a company
    /// name served by a mirror may hold escape sequences) and cut to the width.
    private func fitted(_ text: String) -> String {
        let visible = VisibleText.make(text)
        guard let width else { return visible }
        return TextFitting.truncate(visible, toWidth: width)
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
