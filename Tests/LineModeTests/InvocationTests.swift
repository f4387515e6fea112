import LineMode
import ListKit
import Testing

@Suite struct InvocationTests {
    @Test func aBareNameStartsASession() throws {
        let invocation = try Invocation.parse(["films"])
        #expect(invocation.action == .session)
        #expect(invocation.target == "films")
    }

    @Test func formatFilterOrSortMakeABatchRun() throws {
        #expect(try Invocation.parse(["films", "--format", "json"]).action == .batch)
        #expect(try Invocation.parse(["people", "--filter=ford"]).action == .batch)
        let sorted = try Invocation.parse(["films", "--sort", "year:desc"])
        #expect(sorted.action == .batch)
        #expect(sorted.sort == SortOrder(column: "year", descending: true))
        #expect(sorted.format == nil, "table is the default")
    }

    @Test func commandsSplitAtSemicolons() throws {
        let invocation = try Invocation.parse(["-c", "open films; 2 ;b;; /a\\;b"])
        #expect(invocation.commands == ["open films", "2", "b", "/a;b"])
    }

    @Test func usageErrorsNameTheArgumentAndWhatWouldWork() {
        #expect(throws: UsageError.unknownOption("--bogus")) { try Invocation.parse(["--bogus"]) }
        #expect(throws: UsageError.missingValue("--format")) { try Invocation.parse(["films", "--format"]) }
        #expect(
            throws: UsageError.badValue(
                option: "--width", value: "5", expected: "give a width from 20 to 10000 columns")
        ) { try Invocation.parse(["--width", "5"]) }
        #expect(
            throws: UsageError.badValue(
                option: "--page-size", value: "0", expected: "give a number of rows from 1 to 100000")
        ) { try Invocation.parse(["--page-size", "0"]) }
        #expect(throws: UsageError.unexpectedArgument("b")) { try Invocation.parse(["a", "b"]) }
        #expect(throws: (any Error).self) { try Invocation.parse(["films", "-c", "q", "--format", "csv"]) }
        #expect(throws: (any Error).self) { try Invocation.parse(["--format", "csv"]) }
        #expect(throws: (any Error).self) { try Invocation.parse(["films", "--sort", "year:down"]) }
    }

    @Test func datasetOptionsAreAcceptedWhenDeclared() throws {
        let market = OptionDeclaration("market", value: "M", summary: "one market")
        let invocation = try Invocation.parse(["companies", "--market", "otc"], options: [market])
        #expect(invocation.datasetOptions == ["market": "otc"])
        #expect(throws: UsageError.unknownOption("--market")) { try Invocation.parse(["--market", "otc"]) }
    }

    @Test func helpVersionAndListWin() throws {
        #expect(try Invocation.parse(["--help"]).action == .help)
        #expect(try Invocation.parse(["films", "--version"]).action == .version)
        #expect(try Invocation.parse(["--list"]).action == .listDatasets)
        #expect(try Invocation.parse(["--", "--odd-name"]).target == "--odd-name")
    }
}
