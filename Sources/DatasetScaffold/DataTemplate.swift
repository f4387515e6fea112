/// The Swift sources of a dataset made from a data file: a typed record with one property per
/// column, the dataset that shows every record in a table, and its test.
public enum DataTemplate {
    /// The record type and the dataset.
    public static func source(_ name: DatasetName, _ sample: DataSample) -> String {
        let type = name.typeName
        let properties = SwiftIdentifier.properties(for: sample.columns.map(\.name))
        let columns = Array(zip(sample.columns, properties))
        var lines: [String] = []
        lines.append("import FileDatasets")
        lines.append("import ListKit")
        lines.append("")
        lines.append("/// One record of \(sample.fileName). Scaffolded by")
        let option = "--from-\(sample.format == "csv" || sample.format == "tsv" ? "csv" : "json") \(sample.fileName)"
        lines.append("/// `swift package new-dataset \(type) \(sample.origin ?? option)`.")
        lines.append("public struct \(type)Record: Identifiable, Sendable, Hashable {")
        lines.append("    /// The record's place in the file, from 0.")
        lines.append("    public let id: Int")
        for (column, property) in columns {
            lines.append("    /// \(SwiftIdentifier.literal(column.name)) in the file.")
            lines.append("    public let \(property): \(column.kind.swiftType)")
        }
        lines.append("")
        lines.append("    /// A record from the file's typed cells, in column order.")
        lines.append("    public init(id: Int, cells: [Cell]) {")
        lines.append("        self.id = id")
        for (index, (column, property)) in columns.enumerated() {
            let accessor: String
            switch column.kind {
            case .integer: accessor = "integer"
            case .decimal: accessor = "decimal"
            case .date: accessor = "date"
            case .dateTime: accessor = "dateTime"
            case .time: accessor = "time"
            case .text: accessor = "text"
            }
            lines.append(
                "        self.\(property.trimmingBackticks) = cells.count > \(index) ? cells[\(index)].value.\(accessor) : nil"
            )
        }
        lines.append("    }")
        lines.append("}")
        lines.append("")
        lines.append("/// The \(name.id) dataset: every record of the bundled \(sample.fileName). `browse \(name.id)`.")
        lines.append("public struct \(type)Dataset: Dataset {")
        lines.append("    public init() {}")
        lines.append("")
        lines.append("    public var id: String { \(SwiftIdentifier.literal(name.id)) }")
        lines.append("    public var title: String { \(SwiftIdentifier.literal(sample.title ?? type)) }")
        let summary =
            sample.summary ?? "the \(sample.recordCount) records of \(sample.fileName), bundled with the package"
        lines.append("    public var summary: String { \(SwiftIdentifier.literal(summary)) }")
        lines.append("")
        lines.append("    /// The bundled file's records, read with the FileDatasets engine.")
        lines.append("    public static func records() async throws -> [\(type)Record] {")
        lines.append("        let table = try await BundledData.table(\(SwiftIdentifier.literal(sample.fileName)))")
        lines.append("        return (0..<table.rowCount).map { \(type)Record(id: $0, cells: table.cells(ofRow: $0)) }")
        lines.append("    }")
        lines.append("")
        lines.append("    @MainActor")
        lines.append("    public func makeRootScreen(context: DatasetContext) -> any ListScreen {")
        lines.append(
            "        let source = ListSource<\(type)Record>(id: \"bundled\", title: \(SwiftIdentifier.literal(sample.fileName))) { _ in"
        )
        lines.append("            try await Self.records()")
        lines.append("        }")
        lines.append(
            "        return GenericListController(title: id, sources: [source]) { (row: inout ColumnsRow, record) in")
        for (column, property) in columns {
            let key = SwiftIdentifier.literal(column.name)
            let value = "record.\(property)"
            switch column.kind {
            case .integer:
                lines.append("            row[\(key)] = \(value).map { Cell.integer($0, grouped: true) } ?? .missing")
            case .decimal: lines.append("            row[\(key)] = .decimal(\(value), grouped: true)")
            case .date: lines.append("            row[\(key)] = .date(\(value))")
            case .dateTime: lines.append("            row[\(key)] = .dateTime(\(value))")
            case .time: lines.append("            row[\(key)] = .time(\(value))")
            case .text: lines.append("            row[\(key)] = \(value).map(Cell.text) ?? .missing")
            }
        }
        lines.append("        } select: { record in")
        lines.append("            .detail(")
        lines.append("                Detail(")
        lines.append("                    title: \"record \\(record.id + 1)\",")
        lines.append("                    fields: [")
        for (column, property) in columns {
            let key = SwiftIdentifier.literal(column.name)
            let text: String
            switch column.kind {
            case .integer, .date, .dateTime, .time, .decimal: text = "record.\(property).map { \"\\($0)\" } ?? \"\""
            case .text: text = "record.\(property) ?? \"\""
            }
            lines.append("                        .init(\(key), \(text)),")
        }
        lines.append("                    ]))")
        lines.append("        }")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1234567` as the status line writes it: `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The test: every record loads, the columns are the file's, and the first record reads back.
    public static func test(_ name: DatasetName, _ sample: DataSample) -> String {
        let type = name.typeName
        func list(_ items: [String]) -> String {
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { "            \(SwiftIdentifier.literal($0)),\n" }.joined() + "        ]"
        }
        return """
            import CustomDatasets
            import Foundation
            import ListKit
            import ListKitTesting
            import Testing

            @MainActor
            @Suite struct \(type)DatasetTests {
                @Test func showsEveryRecordOfTheBundledFile() async throws {
                    let context = DatasetContext(
                        cacheDirectory: FileManager.default.temporaryDirectory,
                        program: ProgramIdentity(name: "\(name.id)-tests", version: "1.0.0", summary: "tests"))
                    let screen = \(type)Dataset().makeRootScreen(context: context)
                    // The screen as a person at an 80-column terminal reads it.
                    let shown = await ScreenDriver(screen, width: 80).start()
                    #expect(shown.screen.contains("of \(grouped(sample.recordCount))"))
                    #expect(shown.messages.isEmpty)
                    #expect(screen.state == .loaded)
                    #expect(screen.count == \(sample.recordCount))
                    let columns: [String] = \(list(sample.columns.map(\.name)))
                    #expect(screen.columnNames == columns)
                    let firstRecord: [String] = \(list(sample.firstRecord))
                    let first = try #require(screen.rows(in: 0..<1).first)
                    #expect(first.map(\\.cell.value.exportText) == firstRecord)
                    guard case .detail = try screen.select(at: 0) else {
                        Issue.record("choosing a record shows its detail")
                        return
                    }
                }
            }

            """
    }
}
