import DatasetScaffold
import FileDatasets
import Foundation
import ListKit
import ManifestDatasets

/// Turns a manifest into what the generator needs: the dataset's table (kept columns under
/// their titles, rows in the manifest's order) as a CSV file to bundle, and its description.
enum ManifestScaffold {
    /// What a manifest makes.
    struct Made {
        let id: String
        let bytes: Data
        let sample: DataSample
        /// What the generated code leaves out, for the person to add.
        let notes: [String]
    }

    static func read(_ path: String) async throws -> Made {
        let loaded = try ManifestReader.read(path: path)
        let manifest = loaded.manifest
        guard !manifest.source.isURL else {
            throw ScaffoldError.unreadableData(
                path,
                reason:
                    "its source is a URL, and new-dataset bundles the data with the package: download it once and "
                    + "point `source` at the file")
        }
        // The source is a file, read offline: nothing is downloaded in the tool's name.
        let context = DatasetContext(
            cacheDirectory: FileManager.default.temporaryDirectory, offline: true,
            program: ProgramIdentity(
                name: "new-dataset-tool", version: BrowseVersion.current, summary: "makes a dataset plug-in"))
        let (table, rows) = try await loaded.table(context: context, progress: ProgressReporter())
        guard !table.columns.isEmpty else {
            throw ScaffoldError.unreadableData(path, reason: "its table has no columns")
        }
        let declared = Dictionary(
            (manifest.columns ?? []).map { ($0.shownName, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let columns = table.columns.map { column in
            ColumnSpec(name: column.name, kind: kind(declared[column.name] ?? nil, inferred: column.type))
        }
        var csv = record(table.columns.map(\.name))
        for row in rows { csv += record(table.cells(of: row).map(\.text)) }
        let first = rows.first.map { table.cells(of: $0) } ?? []
        let firstRecord = zip(columns, first).map { column, cell in
            DataFileReader.expectedExport(cell.value, kind: column.kind)
        }
        var sample = DataSample(
            fileName: "", format: "csv", columns: columns, recordCount: rows.count, firstRecord: firstRecord)
        sample.title = manifest.title
        sample.summary = manifest.summary
        sample.origin = "--from-manifest \(loaded.fileName)"
        var notes: [String] = []
        if let drill = manifest.drill {
            let what =
                drill.dataset.map { "into \($0)" + (drill.where.map { " where \($0)" } ?? "") }
                ?? drill.url.map(PasswordRedaction.redacting) ?? ""
            notes.append("the manifest's drill (\(what)) is not generated: return it from the dataset's select closure")
        }
        return Made(id: manifest.id, bytes: Data(csv.utf8), sample: sample, notes: notes)
    }

    /// `tw-companies` → `TwCompanies`.
    static func typeName(fromID id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The generator's kind for a column: the manifest's, else the one inferred from its values.
    static func kind(_ declared: String?, inferred: ColumnType) -> ColumnSpec.Kind {
        switch declared {
        case "integer": return .integer
        case "decimal": return .decimal
        case "date": return .date
        case "datetime": return .dateTime
        case "time": return .time
        case "text", "code": return .text
        default: return DataFileReader.kind(of: inferred)
        }
    }

    /// One CSV record: fields quoted when they hold a comma, a quote or a line break.
    static func record(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\n"
    }
}
