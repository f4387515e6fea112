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

    @Test func aDatasetsNameIsAFirstWord() {
        #expect(candidates("fi") == ["films"], "fi opens films")
        #expect(candidates("p").contains("people") && candidates("p").contains("prev"))
        #expect(candidates("cha") == ["chart"], "chart is a command Tab knows")
        #expect(candidates("h wh") == ["where"], "help on a command")
        #expect(candidates("h ma") == ["market"])
    }

    @Test func columnsInsideWhereFreqAndChart() {
        let dated = CompletionContext(columns: ["date", "close", "volume", "name", "in the saga"])
        func offered(_ text: String) -> [String] { completer.complete(text, in: dated).candidates.map(\.text) }
        #expect(offered("where cl") == ["close"])
        #expect(offered("where close > 500 and na") == ["name"], "a column after and")
        #expect(offered("where close > 500 or (vo") == ["volume"], "after a parenthesis")
        #expect(offered("where not da") == ["date"])
        #expect(offered("where close > c").isEmpty, "a value is the person's")
        #expect(offered("where name is m") == ["missing"])
        #expect(offered("where name is ") == ["missing", "not"])
        #expect(offered("where name is not m") == ["missing"])
        #expect(offered("where \"in t") == ["\"in the saga\""], "a name with spaces, in quotes")
        #expect(completer.complete("where close > 1 and na", in: dated).start == 20)
        #expect(offered("freq vo") == ["volume"])
        #expect(offered("chart clo") == ["close"])
        #expect(offered("chart close b") == ["by"])
        #expect(offered("chart close by d") == ["date"])
        #expect(offered("chart close volume ") == ["by"], "after Y and BARS only by")
        #expect(offered("chart close by date ").isEmpty)
    }

    @Test func aDatasetCommandsSuggestionsAndOptionValues() {
        var stock = CompletionContext.ScreenCommand(name: "stock", arguments: ["--months"])
        stock.options = [OptionDeclaration("months", kind: .integer(1...120), summary: "months")]
        stock.suggestions = { ["2317", "2330", "2303", "0050"] }
        var context = CompletionContext(datasets: ["films"], datasetCommands: [stock])
        context.targetOptions = [
            OptionDeclaration("encoding", kind: .choice(["utf-8", "big5"]), summary: "encoding"),
            OptionDeclaration("no-header", summary: "no header"),
        ]
        func offered(_ text: String) -> [String] { completer.complete(text, in: context).candidates.map(\.text) }
        #expect(offered("stock 23") == ["2303", "2317", "2330"], "codes from the cache")
        #expect(offered("stock 2330 23").isEmpty, "one code only")
        #expect(offered("stock --months 12 23") == ["2303", "2317", "2330"], "an option's value is not the code")
        #expect(offered("stock 2330 --m") == ["--months"])
        #expect(offered("open data.csv --enc") == ["--encoding"])
        #expect(offered("open data.csv --encoding b") == ["big5"])
        #expect(offered("open fi") == ["films"])
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
