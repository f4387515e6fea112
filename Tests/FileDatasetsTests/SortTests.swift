import BrowseSupport
import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// Sorting numbers as numbers, missing values last either way, and the same order as the
/// controller's own sort over the cells.
@MainActor
@Suite struct SortTests {
    private let text = """
        name,close,day,note
        a,10.5,2025-01-03,x
        b,--,2025-01-01,
        c,9,,y
        d,100,2025-01-02,X
        e,,2024-12-31,w
        f,9.00,2025-01-02,x

        """

    @Test func numbersSortAsNumbersAndMissingValuesLast() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("sort.csv", text))
        try opened.screen.applySort(SortOrder(column: "close"))
        #expect(opened.column("name") == ["c", "f", "a", "d", "b", "e"], "9 = 9.00 keep file order; -- and empty last")
        try opened.screen.applySort(SortOrder(column: "close", descending: true))
        #expect(opened.column("name") == ["d", "a", "c", "f", "b", "e"], "missing values stay last when descending")
        try opened.screen.applySort(SortOrder(column: "day", descending: true))
        #expect(opened.column("name") == ["a", "d", "f", "b", "e", "c"])
        try opened.screen.applySort(SortOrder(column: "note"))
        #expect(opened.column("name") == ["e", "a", "d", "f", "c", "b"], "text sorts folded: x and X tie")
    }

    @Test func aPrefixNamesTheColumnAndSortingKeepsTheFilter() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("sort.csv", text))
        try opened.screen.applyFilter("x")
        try opened.screen.applySort(SortOrder(column: "clo", descending: true))
        #expect(opened.column("name") == ["d", "a", "f"])
        #expect(opened.screen.sortOrder?.column == "close")
    }

    @Test func theByteSortMatchesTheControllersSortOnRandomData() async throws {
        var random = SeededRandom(seed: 7)
        let words = ["台積電", "鴻海", "Apple", "apple", "ＡＢＣ", "abc", "Ω", "ω", "--", "", "zeta", "Zeta"]
        for round in 0..<12 {
            var text = "n,price,when,word,at,clock\n"
            for _ in 0..<200 {
                let price: String
                switch Int.random(in: 0..<6, using: &random) {
                case 0: price = "--"
                case 1: price = ""
                case 2:
                    price =
                        "\"\(Int.random(in: 0..<5_000, using: &random)),\(Int.random(in: 100..<1_000, using: &random)).5\""
                case 3: price = "X\(Int.random(in: 0..<9, using: &random))"
                default:
                    price = "\(Int.random(in: -50..<50, using: &random)).\(Int.random(in: 0..<100, using: &random))"
                }
                let when =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? "" : "2025-0\(Int.random(in: 1..<10, using: &random))-1\(Int.random(in: 0..<10, using: &random))"
                let word = words[Int.random(in: 0..<words.count, using: &random)]
                let minute = Int.random(in: 0..<3, using: &random)
                // One instant written several ways, readings without an offset, and nanoseconds.
                let at = [
                    "2025-06-02T13:3\(minute)+08:00", "2025-06-02T05:3\(minute):00Z", "2025-06-02 05:3\(minute)",
                    "2025-06-02T05:3\(minute):00.00000000\(minute)Z", "2025-06-02T05:3\(minute)-00:00",
                    "1969-12-31T23:59:59.5", "--", "",
                ][Int.random(in: 0..<8, using: &random)]
                let clock = ["13:3\(minute)", "13:3\(minute):00", "13:3\(minute):00.25", "00:00", "", "--"][
                    Int.random(in: 0..<6, using: &random)]
                text += "\(Int.random(in: 0..<1_000, using: &random)),\(price),\(when),\(word),\(at),\(clock)\n"
            }
            let scratch = try Scratch()
            let opened = try await open(try scratch.write("random.csv", text))
            let items = (0..<opened.screen.count).map(opened.screen.item(at:))
            let cells = opened.screen.rows(in: 0..<opened.screen.count)
            // The controller without the byte sort, over the same cells.
            let reference = GenericListController(
                title: "reference", items: Array(zip(items, cells).map(Reference.init))
            ) { (row: inout ColumnsRow, item) in
                row = ColumnsRow(cells: item.cells)
            } select: { _ in
                .none
            }
            #expect(opened.screen.columns.map(\.kind).suffix(2) == [.dateTime, .time])
            for column in ["n", "price", "when", "word", "at", "clock"] {
                for descending in [false, true] {
                    let order = SortOrder(column: column, descending: descending)
                    try opened.screen.applySort(order)
                    try reference.applySort(order)
                    let mine = (0..<opened.screen.count).map { opened.screen.item(at: $0).id }
                    let theirs = (0..<reference.count).map { reference.item(at: $0).id }
                    #expect(mine == theirs, "round \(round), sort \(order)")
                }
            }
        }
    }

    @Test func keysMadeInPiecesAreTheKeysMadeInOnePass() async throws {
        var random = SeededRandom(seed: 11)
        var text = "mixed,word,at\n"
        for _ in 0..<500 {
            let mixed = ["--", "", "1.5", "\"1,000\"", "2025-01-02", "abc", "Ａ", "7"][
                Int.random(in: 0..<8, using: &random)]
            let word = ["台積電", "", "x", "X", "\"a\"\"b\"", "--"][Int.random(in: 0..<6, using: &random)]
            let at = ["2025-06-02T13:30+08:00", "2025-06-02 05:30:00.000000001", "", "1969-12-31T23:59Z"][
                Int.random(in: 0..<4, using: &random)]
            text += "\(mixed),\(word),\(at)\n"
        }
        let table = try TableIndexer.index(
            name: "t", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true, progress: nil)
        #expect(table.columns[2].type == .dateTime)
        for column in 0..<3 {
            let single = SortKeys(table: table, column: column, pieces: 1)
            for pieces in 2...5 {
                let split = SortKeys(table: table, column: column, pieces: pieces)
                #expect(split.ranks == single.ranks, "column \(column), \(pieces) pieces")
                #expect(split.values == single.values, "column \(column), \(pieces) pieces")
                #expect(split.textStarts == single.textStarts, "column \(column), \(pieces) pieces")
                #expect(split.textBytes == single.textBytes, "column \(column), \(pieces) pieces")
                #expect(split.nanosecondRests == single.nanosecondRests, "column \(column), \(pieces) pieces")
            }
        }
    }

    /// A row of the file table as a plain item.
    private struct Reference: Identifiable, Sendable {
        let id: UInt32
        let cells: [NamedCell]

        init(_ item: FileRow, _ cells: [NamedCell]) {
            self.id = item.id
            self.cells = cells
        }
    }
}

/// Ctrl-C during a sort of a file: the sort stops and the view is as it was.
@MainActor
@Suite struct FileSortInterruptionTests {
    @Test func aStoppedSortKeepsTheFileOrder() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("sort.csv", "name,close\nb,2\na,1\nc,3\n"))
        let screen = opened.screen
        let stop = StopFlag()
        stop.raise()
        #expect(throws: ListError.interrupted) { try screen.applySort(SortOrder(column: "close"), stop: stop) }
        #expect(opened.column("name") == ["b", "a", "c"])
        #expect(screen.sortOrder == nil)
    }

    @Test func theTableSortGivesUpWhenAsked() async throws {
        let scratch = try Scratch()
        var rows = "value\n"
        for number in 0..<20_000 { rows += "v\((number * 7_919) % 20_000)\n" }
        let table = try await FileTable.read(path: try scratch.write("many.csv", rows))
        let indices = Array(0..<20_000)
        var asked = 0
        let stopped = table.sorted(byColumn: 0, descending: false, indices: indices) {
            asked += 1
            return true
        }
        #expect(asked == 1, "asked once, then stopped")
        #expect(stopped == indices, "given back as they came")
        #expect(table.sorted(byColumn: 0, descending: false, indices: indices) != indices)
    }
}
