import Foundation
import ListKit
import TWStock
import Testing

/// The README's tables name what the program offers: every dataset `--list` shows, with its
/// other names, and every command the Taiwan screens add.
@Suite struct ReadmeTablesTests {
    static func readme() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The text between `heading` and the next heading.
    static func section(_ heading: String, of text: String) throws -> Substring {
        let start = try #require(text.range(of: heading + "\n"), "the README has \(heading)")
        let end = text.range(of: "\n#", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return text[start.upperBound..<end]
    }

    @Test func theDatasetsTableHasEveryDatasetAndItsOtherNames() throws {
        let table = try Self.section("### Datasets", of: Self.readme())
        let list = try Browse.run(["--list"], environment: ["BROWSE_DATASETS": "builtin"])
        #expect(list.status == 0)
        let ids = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(ids.count >= 5)
        for id in ids {
            #expect(table.contains("`\(id)`"), "the README's datasets table has \(id)")
        }
        let taiwan: [any Dataset] = [
            InstitutionalDataset(), MarginDataset(), ValuationDataset(), DividendsDataset(), RevenueDataset(),
            TaiexDataset(),
        ]
        for dataset in taiwan {
            let row = table.split(separator: "\n").first { $0.hasPrefix("| `\(dataset.id)` |") }
            for alias in dataset.aliases {
                #expect(row?.contains("`\(alias)`") == true, "\(dataset.id)'s row names \(alias)")
            }
        }
    }

    @Test func theCommandsTableHasEveryTaiwanScreenCommand() throws {
        let table = try Self.section("## Commands", of: Self.readme())
        let words = Set(
            ([CompaniesDataset(), TicksDataset(), TaiexDataset()] as [any Dataset]).flatMap(\.screenCommands).map(
                \.name))
        #expect(!words.isEmpty)
        for word in words {
            #expect(table.contains("`\(word)"), "the README's commands table has \(word)")
        }
    }
}
