import ListKit

extension Session {
    /// Exports the current view, or a detail's fields, to standard output or a file; Ctrl-C
    /// stops it, and a file is then not written.
    func export(_ format: ExportFormat, to path: String?) async throws {
        let list: any ListScreen
        if case .detail(let detail, _, _) = stack.top {
            list = Self.fieldList(of: detail)
        } else {
            list = try requireList("export")
            let exported = Set(list.columnChoice.exported(list.columns).map(\.name))
            let left = list.columnNames.filter { !exported.contains($0) }
            if !left.isEmpty {
                notify(
                    "the export leaves out \(left.joined(separator: ", ")), as chosen with hide or only; show all brings them back"
                )
            }
        }
        guard let path else {
            try await loader.runStoppable(.interrupted("the export")) {
                try ViewExporter.export(list, format: format) { text in
                    do throws(OutputError) {
                        try self.output.write(text)
                    } catch {
                        self.stopOutput(error)
                        throw error
                    }
                }
            }
            flush()
            return
        }
        let count = try await loader.runStoppable(.exportInterrupted(path: path)) {
            try ViewExporter.export(list, format: format, toFile: path)
        }
        notify("wrote \(NumberText.grouped(count)) row\(count == 1 ? "" : "s") to \(path)")
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
