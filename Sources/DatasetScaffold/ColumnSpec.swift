/// A column of a data file, with the type inferred from its values.
package struct ColumnSpec: Sendable, Hashable {
    /// The kinds of values a column can hold, each with a Swift type and a cell.
    package enum Kind: Sendable, Hashable {
        case integer
        case decimal
        case date
        case dateTime
        case time
        case text

        /// The property's Swift type (optional: a file may have empty cells).
        var swiftType: String {
            switch self {
            case .integer: return "Int64?"
            case .decimal: return "ExactDecimal?"
            case .date: return "CalendarDate?"
            case .dateTime: return "DateTime?"
            case .time: return "TimeOfDay?"
            case .text: return "String?"
            }
        }
    }

    /// The column's name in the file (`成交股數`).
    package let name: String
    package let kind: Kind

    package init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// The data a dataset is generated from: a bundled file, its columns, and a first record to test.
package struct DataSample: Sendable, Hashable {
    /// The file name inside the package (`weather.csv`).
    package let fileName: String
    /// The file's format, as FileDatasets names it (`csv`, `tsv`, `json`, `jsonl`).
    package let format: String
    package let columns: [ColumnSpec]
    /// How many records the file holds.
    package let recordCount: Int
    /// The first record's values as exported, for the generated test.
    package let firstRecord: [String]
    /// The dataset's title and summary, when they were given (a manifest's); `nil` makes them
    /// from the type's name and the file.
    package var title: String?
    package var summary: String?
    /// The command that made the dataset, for its doc comment, when it was not `--from-csv`
    /// or `--from-json` with the bundled file (`--from-manifest orders.json`).
    package var origin: String?

    package init(fileName: String, format: String, columns: [ColumnSpec], recordCount: Int, firstRecord: [String]) {
        self.fileName = fileName
        self.format = format
        self.columns = columns
        self.recordCount = recordCount
        self.firstRecord = firstRecord
    }

    /// The same sample under another file name.
    package func named(_ fileName: String) -> DataSample {
        var renamed = DataSample(
            fileName: fileName, format: format, columns: columns, recordCount: recordCount, firstRecord: firstRecord)
        renamed.title = title
        renamed.summary = summary
        renamed.origin = origin
        return renamed
    }
}
