import DatasetScaffold
import FileDatasets
import Foundation
import ListKit

/// The tool's arguments.
struct NewDatasetRequest {
    var package: URL
    /// The dataset's name; empty with `--from-manifest`, which takes it from the manifest's id.
    var name: String
    var dataFile: String?
    var format: String?

    static let usage =
        "usage: new-dataset NAME [--from-csv FILE | --from-json FILE] | new-dataset [NAME] --from-manifest FILE"

    static func parse(_ arguments: [String]) throws -> NewDatasetRequest {
        var package: URL?
        var name: String?
        var dataFile: String?
        var format: String?
        var index = 0
        func value(_ option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageFailure(message: "\(option) needs a value; \(usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--package": package = URL(fileURLWithPath: try value(argument))
            case "--from-csv", "--from-json", "--from-manifest":
                guard dataFile == nil else { throw UsageFailure(message: "give one data file; \(usage)") }
                dataFile = try value(argument)
                format = String(argument.dropFirst("--from-".count))
            default:
                guard !argument.hasPrefix("-"), name == nil else {
                    throw UsageFailure(message: "unexpected \"\(argument)\"; \(usage)")
                }
                name = argument
            }
            index += 1
        }
        guard let package else { throw UsageFailure(message: "--package is missing (run it through the plugin)") }
        if name == nil, format == "manifest" { name = "" }
        guard let name else { throw UsageFailure(message: "a dataset needs a name; \(usage)") }
        return NewDatasetRequest(package: package, name: name, dataFile: dataFile, format: format)
    }
}

struct UsageFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Reads a data file for a dataset with the FileDatasets engine (the same parser and type
/// inference as `browse FILE`), and describes it for the generator.
enum DataFileReader {
    static func read(_ path: String, format: String?) async throws -> (bytes: Data, sample: DataSample) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw ScaffoldError.missingFile(path)
        }
        let table: FileTable
        do {
            table = try await FileTable.read(path: path)
        } catch {
            throw ScaffoldError.unreadableData(path, reason: error.description)
        }
        guard !table.columns.isEmpty else { throw ScaffoldError.unreadableData(path, reason: "it has no columns") }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw ScaffoldError.unreadableData(path, reason: "it cannot be read")
        }
        let columns = table.columns.map { column in
            ColumnSpec(name: column.name, kind: kind(of: column.type))
        }
        let first = table.rowCount == 0 ? [] : table.cells(ofRow: 0)
        let firstRecord = zip(columns, first).map { column, cell in expectedExport(cell.value, kind: column.kind) }
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        let sampleFormat = ["csv", "tsv", "json", "jsonl"].contains(fileExtension) ? fileExtension : (format ?? "csv")
        return (
            bytes,
            DataSample(
                fileName: "", format: sampleFormat, columns: columns, recordCount: table.rowCount,
                firstRecord: firstRecord)
        )
    }

    static func kind(of type: ColumnType) -> ColumnSpec.Kind {
        switch type {
        case .integer: return .integer
        case .decimal: return .decimal
        case .date: return .date
        case .dateTime: return .dateTime
        case .time: return .time
        case .text: return .text
        }
    }

    /// What the generated record gives back for a cell: a value that does not fit its column's
    /// type is read as missing.
    static func expectedExport(_ value: CellValue, kind: ColumnSpec.Kind) -> String {
        switch kind {
        case .integer: return value.integer.map(String.init) ?? ""
        case .decimal: return value.decimal?.description ?? ""
        case .date: return value.date?.description ?? ""
        case .dateTime: return value.dateTime?.description ?? ""
        case .time: return value.time?.description ?? ""
        case .text: return value.text ?? ""
        }
    }
}
