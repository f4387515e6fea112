/// Reads the tables of an HTML page, as far as a data page needs: tags and their attributes in
/// any quoting (`colspan=2`, `colspan='2'`, `colspan="2"`, any case), entities, `<br>`, cells
/// left open (`<td>a<td>b`), tables inside cells, comments (whose tags do not count) and the
/// raw text of `<script>` and `<style>`. It is no general HTML parser: it does not build a
/// document, and text outside a cell is left out.
///
/// ```swift
/// let tables = try HTMLTableReader.tables(in: "<table><tr><th>代號<td>1101</table>")
/// // [HTMLTable(rows: [[HTMLCell(text: "代號", isHeader: true), HTMLCell(text: "1101")]], depth: 0)]
/// ```
///
/// Its limits keep a hostile page from costing more than a real one: the page's size, how
/// deep tables nest, how many cells are kept, and a span of at most 1,000.
package enum HTMLTableReader {
    /// What the reader takes.
    package struct Limits: Sendable, Hashable {
        /// The most bytes of UTF-8 a page may have.
        package var maximumBytes: Int
        /// How deep tables may nest inside each other.
        package var maximumDepth: Int
        /// The most cells all tables together may have.
        package var maximumCells: Int

        package init(maximumBytes: Int, maximumDepth: Int, maximumCells: Int) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumCells = maximumCells
        }

        /// 16 MiB, 32 tables deep, a million cells: forty times a month of MOPS's revenue pages.
        package static let standard = Limits(maximumBytes: 16 << 20, maximumDepth: 32, maximumCells: 1_000_000)
    }

    /// The widest span read; a larger `colspan` or `rowspan` is taken as this.
    package static let maximumSpan = 1_000

    /// The tables of `page`, in the order they open.
    ///
    /// - Throws: ``HTMLTableError`` when the page passes a limit.
    /// - Complexity: O(n) in the length of the page.
    package static func tables(in page: String, limits: Limits = .standard) throws(HTMLTableError) -> [HTMLTable] {
        let bytes = Array(page.utf8)
        guard bytes.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes)
        }
        var builder = Builder(limits: limits)
        var index = 0
        var textStart = 0
        func flushText(upTo end: Int) {
            if end > textStart { builder.text(bytes[textStart..<end]) }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            flushText(upTo: index)
            guard let tag = Tag.read(bytes, at: index) else {
                // A `<` that opens no tag is text.
                index += 1
                textStart = index - 1
                continue
            }
            index = tag.end
            textStart = index
            switch tag.kind {
            case .comment, .declaration:
                continue
            case .end(let name):
                try builder.end(name)
            case .start(let name, let attributes):
                if name == "script" || name == "style" {
                    index = Tag.endOfRawText(bytes, from: index, name: name)
                    textStart = index
                    continue
                }
                try builder.start(name, attributes: attributes)
            }
        }
        flushText(upTo: bytes.count)
        return builder.finish()
    }

    /// Turns tags and text into tables.
    private struct Builder {
        struct Open {
            var index: Int
            var depth: Int
            var rows: [[HTMLCell]] = []
            var row: [HTMLCell]?
            var cell: HTMLCell?
            var text: [UInt8] = []
        }

        let limits: Limits
        var open: [Open] = []
        var done: [(index: Int, table: HTMLTable)] = []
        var opened = 0
        var cells = 0

        init(limits: Limits) {
            self.limits = limits
        }

        mutating func text(_ slice: ArraySlice<UInt8>) {
            guard !open.isEmpty, open[open.count - 1].cell != nil else { return }
            open[open.count - 1].text += slice
        }

        mutating func start(_ name: String, attributes: [String: String]) throws(HTMLTableError) {
            switch name {
            case "table":
                guard open.count < limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth) }
                open.append(Open(index: opened, depth: open.count))
                opened += 1
            case "tr":
                guard !open.isEmpty else { return }
                closeRow()
                open[open.count - 1].row = []
            case "td", "th":
                guard !open.isEmpty else { return }
                closeCell()
                guard cells < limits.maximumCells else { throw .tooManyCells(limit: limits.maximumCells) }
                cells += 1
                if open[open.count - 1].row == nil { open[open.count - 1].row = [] }
                open[open.count - 1].cell = HTMLCell(
                    text: "", isHeader: name == "th", columnSpan: Self.span(attributes["colspan"]),
                    rowSpan: Self.span(attributes["rowspan"]))
            case "br":
                text([0x0A])
            default:
                break
            }
        }

        mutating func end(_ name: String) throws(HTMLTableError) {
            guard !open.isEmpty else { return }
            switch name {
            case "table":
                closeRow()
                let table = open.removeLast()
                done.append((table.index, HTMLTable(rows: table.rows, depth: table.depth)))
            case "tr": closeRow()
            case "td", "th": closeCell()
            default: break
            }
        }

        mutating func closeCell() {
            let last = open.count - 1
            guard var cell = open[last].cell else { return }
            cell.text = HTMLEntities.decode(open[last].text)
            open[last].row?.append(cell)
            open[last].cell = nil
            open[last].text = []
        }

        mutating func closeRow() {
            closeCell()
            let last = open.count - 1
            if let row = open[last].row { open[last].rows.append(row) }
            open[last].row = nil
        }

        /// Tables still open at the end of the page are closed there.
        mutating func finish() -> [HTMLTable] {
            while !open.isEmpty {
                closeRow()
                let table = open.removeLast()
                done.append((table.index, HTMLTable(rows: table.rows, depth: table.depth)))
            }
            return done.sorted { $0.index < $1.index }.map(\.table)
        }

        static func span(_ text: String?) -> Int {
            guard let text, let value = Int(text.trimmingASCIISpaces()) else { return 1 }
            return min(max(1, value), HTMLTableReader.maximumSpan)
        }
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> Substring {
        let trimmed = drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var end = trimmed.endIndex
        while end > trimmed.startIndex {
            let before = trimmed.index(before: end)
            guard " \t\n\r".contains(trimmed[before]) else { break }
            end = before
        }
        return trimmed[trimmed.startIndex..<end]
    }
}
