import LineMode
import ListKit
import Testing

@Suite struct CommandParserTests {
    @Test(arguments: [
        ("12", Command.select(row: 12)),
        ("１２", .select(row: 12)),
        ("  3  ", .select(row: 3)),
        ("n", .nextPage),
        ("N", .nextPage),
        ("p", .previousPage),
        ("g 4", .page(4)),
        ("g ４", .page(4)),
        ("G", .lastPage),
        ("Ｇ", .lastPage),
        ("g last", .lastPage),
        ("g end", .lastPage),
        ("g first", .page(1)),
        ("end", .lastPage),
        ("/台積", .filter("台積")),
        ("/", .filter("")),
        ("/ two words ", .filter("two words")),
        ("sort close desc", .sort(SortOrder(column: "close", descending: true))),
        ("sort close:desc", .sort(SortOrder(column: "close", descending: true))),
        ("sort 收盤價", .sort(SortOrder(column: "收盤價"))),
        ("sort", .sort(nil)),
        ("b", .back),
        ("home", .home),
        ("open films", .open("films")),
        ("open /tmp/a b.csv", .open("/tmp/a b.csv")),
        ("ls", .list),
        ("r", .refresh),
        ("export csv", .export(.csv, path: nil)),
        ("export md out.md", .export(.markdown, path: "out.md")),
        ("h", .help),
        ("q", .quit),
        ("older", .custom(name: "older", arguments: "")),
        ("market otc", .custom(name: "market", arguments: "otc")),
    ])
    func parses(_ line: String, _ expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    @Test func aHugeRowNumberIsARowThatDoesNotExistNotACrash() throws {
        #expect(try CommandParser.parse("99999999999999999999999") == .select(row: Int.max))
    }

    @Test func badLinesSayWhatWouldWork() {
        #expect(throws: CommandError.empty) { try CommandParser.parse("   ") }
        #expect(throws: CommandError.badRow("-1")) { try CommandParser.parse("-1") }
        #expect(
            throws: CommandError.missingArgument(command: "g", usage: "g N goes to page N, G or g last to the last")
        ) {
            try CommandParser.parse("g")
        }
        #expect(
            throws: CommandError.badNumber(
                command: "g", text: "x", usage: "g N goes to page N, G or g last to the last")
        ) {
            try CommandParser.parse("g x")
        }
        #expect(throws: CommandError.unknownFormat("xls")) { try CommandParser.parse("export xls") }
    }

    @Test func errorMessagesQuoteLongInputShortly() {
        let line = String(repeating: "x", count: 100_000)
        let message = CommandError.unknownCommand(line).description
        #expect(message.count < 120)
        #expect(message.contains("100000 characters"))
    }
}
