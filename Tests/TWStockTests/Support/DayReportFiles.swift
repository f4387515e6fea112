import Foundation
import ListKit
import Testing

@testable import TWStock

/// Reads a day report's raw JSON with Foundation, apart from the package's reader, so a test
/// can hold every exported value to the file itself.
enum RawReport {
    /// The rows of `table` (or the top level), each field as text: strings as they are,
    /// numbers as written.
    static func rows(_ bytes: [UInt8], table index: Int? = nil) throws -> (fields: [String], rows: [[String]]) {
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        var table = object
        if let tables = object["tables"] as? [[String: Any]] {
            table =
                index.map { tables.indices.contains($0) ? tables[$0] : [:] } ?? tables.first {
                    ($0["fields"] as? [Any])?.isEmpty == false
                } ?? [:]
        }
        let fields = table["fields"] as? [String] ?? []
        let rows = (table["data"] as? [[Any]] ?? []).map { row in
            row.map { value in (value as? String) ?? (value as? NSNumber)?.stringValue ?? "?" }
        }
        return (fields, rows)
    }

    /// A number as the export writes it: the grouping commas dropped.
    static func number(_ text: String) -> String {
        text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
    }
}

extension Array {
    /// Each column's export text for `item`, by column name.
    func exported<Item>(_ item: Item) -> [String: String] where Element == ListColumn<Item> {
        Dictionary(uniqueKeysWithValues: cells(of: item).map { ($0.name, $0.cell.exportText) })
    }
}

extension Array {
    /// The element at `index`, or a failed expectation when there are fewer: a parser that lost
    /// rows fails the test that reads them, never the whole test process.
    func required(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Element {
        try #require(
            indices.contains(index), "there are \(count) rows, not a row \(index)", sourceLocation: sourceLocation)
        return self[index]
    }
}

extension DayReport {
    /// The row at `index`, or a failed expectation when the report has fewer rows.
    func row(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Row {
        try rows.required(index, sourceLocation: sourceLocation)
    }
}

extension ExRightsReport {
    /// The row at `index`, or a failed expectation when the report has fewer rows.
    func row(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> ExRightsEvent {
        try rows.required(index, sourceLocation: sourceLocation)
    }
}
