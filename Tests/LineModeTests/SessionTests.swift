import Foundation
import LineMode
import ListKit
import Testing

struct Item: Identifiable, Sendable {
    let id: Int
    let name: String
    let price: ExactDecimal?
}

struct NumbersDataset: Dataset {
    var id: String { "numbers" }
    var title: String { "Numbers" }
    var summary: String { "forty-five numbered items" }

    @MainActor func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let items = (1...45).map { Item(id: $0, name: "item \($0)", price: ExactDecimal(Int64($0 * 10))) }
        let list = GenericListController(title: id, items: items) { (row: inout ColumnsRow, item) in
            row["name"] = .text(item.name)
            row["price"] = .decimal(item.price)
        } select: { item in
            .detail(Detail(title: item.name, fields: [.init("name", item.name)]))
        }
        list.addCommands([
            ListCommand(name: "double", usage: "double", summary: "says twice the count") { _, _ in
                .message("\(items.count * 2)")
            }
        ])
        return list
    }

    /// `item N [--plus K]`: one item, opened from anywhere.
    var commands: [DatasetCommand] {
        [
            DatasetCommand(
                name: "item", usage: "item N [--plus K]", summary: "one item by its number",
                options: [OptionDeclaration("plus", value: "K", summary: "add K to the number")]
            ) { arguments, _ in
                guard let number = arguments.positionals.first.flatMap({ Int($0) }) else {
                    throw DatasetOptionError(option: "item", value: "", expected: "give a number")
                }
                let total = number + (arguments.options["plus"].flatMap { Int($0) } ?? 0)
                let item = Item(id: total, name: "item \(total)", price: nil)
                return GenericListController(title: item.name, items: [item]) { (row: inout BasicRow, item) in
                    row.text = .text(item.name)
                } select: { _ in
                    .none
                }
            }
        ]
    }
}

struct BrokenDataset: Dataset {
    struct Down: Error, CustomStringConvertible {
        var description: String { "connection refused by 127.0.0.1:9" }
    }
    var id: String { "broken" }
    var title: String { "Broken" }
    var summary: String { "always fails to load" }

    @MainActor func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(
            title: id,
            sources: [ListSource<Item>(id: "only", title: "only") { _ in throw Down() }]
        ) { (row: inout BasicRow, item) in
            row.text = .text(item.name)
        } select: { _ in
            .none
        }
    }
}

/// A sink whose reader goes away after a number of writes, like `browse | head -3`.
@MainActor
final class ClosingSink: TextSink {
    var remaining: Int
    var text = ""
    init(writes: Int) { remaining = writes }
    func write(_ text: String) throws(OutputError) {
        guard remaining > 0 else { throw OutputError.closed }
        remaining -= 1
        self.text += text
    }
    func flush() throws(OutputError) {
        if remaining <= 0 { throw OutputError.closed }
    }
}

/// Lines given as raw inputs, including ones the reader could not use.
struct RawLines: LineSource {
    var lines: [InputLine]
    mutating func nextLine() -> InputLine? { lines.isEmpty ? nil : lines.removeFirst() }
}

extension ProgramIdentity {
    /// The program the sessions under test belong to: `browse`, whose name starts each message.
    static let underTest = ProgramIdentity(name: "browse", version: "0.0.0", summary: "the session under test")
}

@MainActor
struct Harness {
    let output = StringSink()
    let errors = StringSink()
    let session: Session

    init(width: Int = 60, pageSize: Int? = 20) throws {
        let registry = try DatasetRegistry([NumbersDataset(), BrokenDataset()])
        session = Session(
            registry: registry,
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(width: width, pageSize: pageSize),
            output: output, errors: errors)
    }

    func run(_ commands: [String]) async -> ExitCode {
        var lines = ScriptLines(commands)
        return await session.run(&lines)
    }

    /// The screens drawn, split at the echoed prompts.
    var screens: [String] { output.text.components(separatedBy: "\n> ").filter { !$0.isEmpty } }
}

@MainActor
@Suite struct SessionTests {
    @Test func pagesShowAbsoluteRowNumbersAndAStatusLine() async throws {
        let harness = try Harness()
        let code = await harness.run(["open numbers", "n", "n"])
        #expect(code == .success)
        let last = try #require(harness.screens.last)
        #expect(last.contains("41  item 41"))
        #expect(last.contains("rows 41–45 of 45 · page 3/3"))
    }

    @Test func pagingPastTheEndIsANoticeNotAFailure() async throws {
        let harness = try Harness()
        let code = await harness.run(["open numbers", "g 3", "n", "p", "p", "p"])
        #expect(code == .success)
        #expect(harness.errors.text == "browse: already on the last page\nbrowse: already on the first page\n")
    }

    @Test func badCommandsGetOneLineEachAndTheSessionGoesOn() async throws {
        let harness = try Harness()
        let code = await harness.run(["open numbers", "99", "g 0", "sort nosuch", "zz", "0", "/item 7"])
        #expect(code == .failure, "a script with failed commands ends with status 1")
        let messages = harness.errors.text.split(separator: "\n")
        #expect(
            messages == [
                "browse: there is no row 99: choose 1–45",
                "browse: there is no page 0: choose 1–3",
                "browse: no column \"nosuch\"; columns: name, price",
                "browse: unknown command \"zz\"; h lists the commands",
                "browse: there is no row 0: choose 1–45",
            ])
        #expect(try #require(harness.screens.last).contains("1  item 7"), "the filter after the errors still ran")
    }

    @Test func unreadableLinesAreReportedAndSkipped() async throws {
        let harness = try Harness()
        var lines = RawLines(lines: [.line("open numbers"), .notUTF8, .tooLong(bytes: 100_000), .line("n")])
        _ = await harness.session.run(&lines)
        #expect(harness.errors.text.contains("not valid UTF-8"))
        #expect(harness.errors.text.contains("a line of 100000 bytes is too long"))
        #expect(try #require(harness.screens.last).contains("rows 21–40 of 45"))
    }

    @Test func aDetailSteppedWithNextAndPreviousFollowsTheView() async throws {
        let harness = try Harness()
        _ = await harness.run(["open numbers", "sort price desc", "1", "n"])
        let last = try #require(harness.screens.last)
        #expect(last.contains("numbers › item 44"))
        #expect(last.contains("row 2 of 45"))
    }

    @Test func backFromADetailReturnsToItsRowsPageAndANewFilterStartsAtTheTop() async throws {
        let harness = try Harness(pageSize: 10)
        _ = await harness.run(["open numbers", "25", "b", "/item", "/"])
        let screens = harness.screens
        #expect(screens[screens.count - 3].contains("rows 21–30 of 45 · page 3/5"), "b returns to row 25's page")
        #expect(screens[screens.count - 2].contains("rows 1–10 of 45"), "a new filter shows its first row")
        #expect(try #require(screens.last).contains("rows 1–10 of 45 · page 1/5"), "so does clearing it")
    }

    @Test func aFailedLoadIsReportedAndRetriable() async throws {
        let harness = try Harness()
        _ = await harness.run(["open broken", "r", "/x"])
        #expect(harness.errors.text.contains("could not load broken: only: connection refused by 127.0.0.1:9"))
        #expect(harness.errors.text.contains("broken did not load"))
        #expect(harness.output.text.contains("could not load: only: connection refused by 127.0.0.1:9"))
        #expect(harness.output.text.contains("r tries again · b goes back"))
    }

    @Test func screensAddTheirOwnCommands() async throws {
        let harness = try Harness()
        _ = await harness.run(["open numbers", "double", "h"])
        #expect(harness.output.text.contains("\n90\n"))
        #expect(harness.output.text.contains("on this screen:\n  double  says twice the count"))
    }

    @Test func exportToAFileThatCannotBeWrittenSaysSoAndKeepsGoing() async throws {
        let harness = try Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID()).csv").path
        _ = await harness.run(["open numbers", "/item 45", "export csv \(path)", "export csv /dev/null/x.csv", "n"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "name,price\nitem 45,450\n")
        #expect(harness.errors.text.contains("wrote 1 row to \(path)"))
        #expect(harness.errors.text.contains("could not write /dev/null/x.csv"))
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test func aClosedOutputEndsTheSessionQuietly() async throws {
        let registry = try DatasetRegistry([NumbersDataset()])
        let output = ClosingSink(writes: 2)
        let errors = StringSink()
        let session = Session(
            registry: registry,
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(), output: output, errors: errors)
        var lines = ScriptLines(Array(repeating: "n", count: 1000))
        let code = await session.run(&lines)
        #expect(code == .success)
        #expect(errors.text.isEmpty)
    }

    @Test func aDatasetsCommandWorksFromAnyScreenWithItsOptions() async throws {
        let harness = try Harness()
        _ = await harness.run(["item 7 --plus 3", "b", "open numbers", "1", "ITEM 2", "h", "item 2 --bogus 1", "item"])
        #expect(harness.output.text.contains("> item 7 --plus 3\ndatasets › item 10\n"), "from the dataset list")
        #expect(harness.output.text.contains("> ITEM 2\ndatasets › item 2\n"), "from a detail, without case")
        #expect(harness.output.text.contains("on any screen:\n  item N [--plus K]  one item by its number"))
        #expect(
            harness.errors.text.split(separator: "\n") == [
                "browse: unknown option --bogus; --help lists the options",
                "browse: --item : give a number",
            ])
    }

    @Test func backAtTheRootIsANotice() async throws {
        let harness = try Harness()
        _ = await harness.run(["b", "open nosuch"])
        #expect(harness.errors.text.contains("already at the dataset list"))
        #expect(harness.errors.text.contains("no dataset named \"nosuch\"; datasets: numbers, broken"))
    }
}
