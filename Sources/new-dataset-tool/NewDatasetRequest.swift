import DatasetScaffold
import Foundation

/// The tool's arguments.
struct NewDatasetRequest {
    var package: URL
    var name: String
    var dataFile: String?
    var format: String?

    static let usage = "usage: new-dataset NAME [--from-csv FILE | --from-json FILE]"

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
            case "--from-csv", "--from-json":
                guard dataFile == nil else { throw UsageFailure(message: "give one data file; \(usage)") }
                dataFile = try value(argument)
                format = argument == "--from-csv" ? "csv" : "json"
            default:
                guard !argument.hasPrefix("-"), name == nil else {
                    throw UsageFailure(message: "unexpected \"\(argument)\"; \(usage)")
                }
                name = argument
            }
            index += 1
        }
        guard let name else { throw UsageFailure(message: "a dataset needs a name; \(usage)") }
        guard let package else { throw UsageFailure(message: "--package is missing (run it through the plugin)") }
        return NewDatasetRequest(package: package, name: name, dataFile: dataFile, format: format)
    }
}

struct UsageFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Reads a data file for a dataset (filled in when the file engine is available).
enum DataFileReader {
    static func read(_ path: String, format: String?) throws -> (bytes: Data, sample: DataSample) {
        guard FileManager.default.fileExists(atPath: path) else { throw ScaffoldError.missingFile(path) }
        throw ScaffoldError.unreadableData(path, reason: "not supported yet")
    }
}
