import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import FileDatasets

/// Inputs the fuzzer (Fuzz/run.sh files) found crashing, kept so the fix stays.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    /// Runs what the fuzz target runs: index, cells, a filter by the first cell's start, a sort.
    func exercise(_ bytes: [UInt8]) throws {
        let input = FileBytes(copying: bytes)
        let delimiter = DelimiterSniffer.sniff(input.buffer)
        for pieces in [1, 3] {
            guard
                let table = try? TableIndexer.index(
                    name: "fuzz", bytes: FileBytes(copying: bytes), dialect: .init(delimiter: delimiter),
                    hasHeader: true, progress: nil, pieces: pieces)
            else { continue }
            for row in 0..<table.rowCount { #expect(table.cells(ofRow: row).count == table.columns.count) }
            if let first = table.rowCount == 0 ? nil : table.cells(ofRow: 0).first?.text.prefix(3), !first.isEmpty {
                let folded = TextFolding.fold(String(first))
                let matches = table.filter(foldedQuery: folded, candidates: nil)
                #expect(matches.allSatisfy { (0..<table.rowCount).contains($0) })
            }
        }
    }

    @Test func aRowOfCarriageReturnsAndBrokenUTF8FiltersWithoutCrashing() throws {
        // The reference match for "not sure" rows used Foundation's `contains`, which trapped
        // ("String index is out of bounds") on this row's text.
        try exercise(
            Array(try Data(contentsOf: Self.folder.appendingPathComponent("crash-filter-foundation-range.bin"))))
    }
}
