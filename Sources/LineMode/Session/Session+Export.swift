import Foundation
import ListKit

extension Session {
    /// Exports the current view, or a detail's fields, to standard output or a file; Ctrl-C
    /// stops it, and a file is then not written.
    func export(_ format: ExportFormat, to path: String?) async throws {
        let list: any ListScreen
        if case .detail(let detail, _, _) = stack.top {
            list = Self.fieldList(of: detail)
        } else if case .chart(let chart, let source) = stack.top {
            try ChartData.checkMemory(for: chart.request, rows: source.count, exact: true)
            list = try Self.pointList(of: chart, from: source)
        } else {
            list = try requireList("export")
            // An export writes the whole view: rows still arriving are waited for.
            await waitForBackgroundLoad(of: list)
            let exported = Set(list.columnChoice.exported(list.columns).map(\.name))
            let left = list.columnNames.filter { !exported.contains($0) }
            if !left.isEmpty {
                notify(
                    "the export leaves out \(left.joined(separator: ", ")), as chosen with hide or only; show all brings them back"
                )
            }
        }
        guard let path else {
            // At a terminal the export is read, so it is made visible as a screen is.
            let visible = options.outputIsTerminal
            try await loader.runOverRows("the export") { _ in
                try ViewExporter.export(list, format: format) { text in
                    do throws(OutputError) {
                        try self.output.write(visible ? VisibleText.keepingLines(text) : text)
                    } catch {
                        self.stopOutput(error)
                        throw error
                    }
                }
            }
            flush()
            return
        }
        // A file that was there is replaced, as a shell's > would: said, not asked. A FIFO or a
        // device is written to, not replaced.
        var status = stat()
        let existed = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        let count = try await loader.runOverRows("export \(path)", interruption: .exportInterrupted(path: path)) { _ in
            try ViewExporter.export(list, format: format, toFile: path)
        }
        let rows = "\(NumberText.grouped(count)) row\(count == 1 ? "" : "s")"
        notify(existed ? "replaced \(path): wrote \(rows)" : "wrote \(rows) to \(path)")
    }

    /// A chart's points as a list, with their exact values, so it exports what it plots.
    private static func pointList(of chart: ChartData, from source: any ListScreen) throws -> any ListScreen {
        let request = chart.request
        let rows = try ChartData.exactPoints(from: source, request: request).enumerated().map {
            IndexedPoint(id: $0.offset, values: $0.element)
        }
        var names = [request.x?.name ?? "row", request.y.name]
        if let bars = request.bars { names.append(bars.name) }
        return GenericListController(
            title: "chart", items: rows, columns: names.map { Column($0) }
        ) { (row: inout ColumnsRow, point) in
            row = ColumnsRow(cells: zip(names, point.values).map { NamedCell($0, Cell($1)) })
        } select: { _ in
            .none
        }
    }

    /// A detail as a list of its fields, so it exports what it shows.
    private static func fieldList(of detail: Detail) -> any ListScreen {
        GenericListController(title: detail.title, items: detail.fields.enumerated().map(IndexedField.init)) {
            (row: inout ColumnsRow, item) in
            row["field"] = .text(item.field.name)
            row["value"] = .text(item.field.value)
        } select: { _ in
            .none
        }
    }
}

/// A detail field with its place, so a detail can be listed and exported like any list.
private struct IndexedField: Identifiable, Sendable {
    let id: Int
    let field: Detail.Field

    init(_ offset: Int, _ field: Detail.Field) {
        self.id = offset
        self.field = field
    }
}

/// A chart's point with its place, so it can be listed and exported.
private struct IndexedPoint: Identifiable, Sendable {
    let id: Int
    let values: [CellValue]
}
