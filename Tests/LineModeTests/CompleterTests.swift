import Foundation
import LineMode
import ListKit
import Testing

/// Tab offers what fits where the cursor is: commands, datasets, columns, formats, paths.
@Suite struct CompleterTests {
    let context = CompletionContext(
        datasets: ["companies", "films", "people", "ticks"],
        columns: ["code", "name", "close", "change", "in the saga"],
        screenCommands: [
            .init(name: "market", arguments: ["listed", "otc", "emerging", "all"]), .init(name: "older"),
        ],
        datasetCommands: [.init(name: "stock", arguments: ["--months"])])
    let completer = Completer(home: nil)

    func candidates(_ text: String) -> [String] {
        completer.complete(text, in: context).candidates.map(\.text)
    }

    @Test func commandsAndTheScreensOwn() {
        #expect(candidates("op") == ["open"])
        #expect(candidates("so") == ["sort"])
        #expect(candidates("ma") == ["market"])
        #expect(candidates("ｓｏ") == ["sort"], "full-width letters fold")
        #expect(candidates("  ol") == ["older"])
        #expect(candidates("sto") == ["stock"], "a dataset's command, on any screen")
        #expect(candidates("stock 2330 --m") == ["--months"])
        #expect(candidates("stock 23").isEmpty, "a code is the person's to type")
        #expect(completer.complete("  ol", in: context).start == 2)
    }

    @Test func everyCommandOfferedIsOneTheParserKnows() throws {
        for word in Completer.commandWords {
            do {
                if case .custom = try CommandParser.parse(word) { Issue.record("\(word) is not a command") }
            } catch CommandError.missingArgument {
                // A command that needs more (open NAME), so one the parser knows.
            }
        }
    }

    @Test func datasetNamesAfterOpen() {
        #expect(candidates("open fi") == ["films"])
        #expect(candidates("o p") == ["people"])
        #expect(completer.complete("open fi", in: context).start == 5)
    }

    @Test func columnsAfterSortAndTheColumnCommands() {
        #expect(candidates("sort c") == ["change", "close", "code"])
        #expect(candidates("sort CLO") == ["close"], "any case")
        #expect(candidates("sort in t") == ["in the saga"], "a column with spaces")
        #expect(candidates("sort close d") == ["desc"])
        #expect(candidates("hide na") == ["name"])
        #expect(candidates("only code cl") == ["close"], "each word of the list")
        #expect(completer.complete("only code cl", in: context).start == 10)
        #expect(candidates("hide code in") == ["\"in the saga\""], "a name with spaces is quoted")
        #expect(candidates("hide \"in the") == ["\"in the saga\""])
        #expect(completer.complete("hide \"in the", in: context).start == 5)
        #expect(candidates("show a") == ["all"])
        #expect(candidates("market listed,o") == ["otc"])
    }

    @Test func marketNamesAndExportFormats() {
        #expect(candidates("market o") == ["otc"])
        #expect(candidates("market ") == ["all", "emerging", "listed", "otc"])
        #expect(candidates("export j") == ["json"])
        #expect(candidates("e m") == ["markdown"])
    }

    @Test func nothingWhereNothingFits() {
        #expect(candidates("/fi").isEmpty)
        #expect(candidates("g 1").isEmpty)
        #expect(candidates("zzz").isEmpty)
        #expect(candidates("sort zz").isEmpty)
    }

    @Test func filePathsAfterOpenAndExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("complete-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["films-1977.csv", "films-1980.csv", ".hidden.csv"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path + "/"
        #expect(candidates("open " + base + "fi") == [base + "films-1977.csv", base + "films-1980.csv"])
        #expect(candidates("open " + base) == [base + "data/", base + "films-1977.csv", base + "films-1980.csv"])
        #expect(candidates("open " + base + ".h") == [base + ".hidden.csv"], "hidden files when asked for")
        let folderFound = try #require(completer.complete("open " + base + "d", in: context).candidates.first)
        #expect(!folderFound.isWhole, "a folder goes on: no space after it")
        #expect(folderFound.label == "data/")
        #expect(candidates("export csv " + base + "films-19") == [base + "films-1977.csv", base + "films-1980.csv"])
        let home = Completer(home: folder.path)
        #expect(
            home.complete("open ~/fi", in: context).candidates.map(\.text) == ["~/films-1977.csv", "~/films-1980.csv"])
    }

    @Test @MainActor func tabCompletesThenListsOnTheSecondPress() {
        let films = Completion(start: 5, candidates: [.init("films")])
        #expect(typing("open fi\t", completion: films).line == "open films ")
        let two = Completion(start: 5, candidates: [.init("films-1977.csv"), .init("films-1980.csv")])
        #expect(typing("open f\t", completion: two).line == "open films-19", "as far as they agree")
        #expect(typing("open films-19\t", completion: two).action == .bell)
        #expect(typing("open films-19\t\t", completion: two).action == .list(["films-1977.csv", "films-1980.csv"]))
        #expect(typing("open zz\t", completion: .none).action == .bell)
    }
}
