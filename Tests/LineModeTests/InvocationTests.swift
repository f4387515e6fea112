import BrowseSupport
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

    @Test func aDatasetCommandTakesItsWordsAndItsOwnOptions() throws {
        let commands = ["stock": [OptionDeclaration("months", value: "N", summary: "months")]]
        let stock = try Invocation.parse(["stock", "2330", "--months", "12"], commands: commands)
        #expect(stock.command == "stock")
        #expect(stock.arguments == ["2330"])
        #expect(stock.target == nil)
        #expect(stock.datasetOptions == ["months": "12"])
        #expect(stock.action == .session)
        let late = try Invocation.parse(["--offline", "--width", "90", "stock", "0050"], commands: commands)
        #expect(late.command == "stock" && late.arguments == ["0050"] && late.offline && late.width == 90)
        let batch = try Invocation.parse(["stock", "2330", "--format", "csv"], commands: commands)
        #expect(batch.action == .batch)
        #expect(throws: UsageError.unknownOption("--months")) {
            try Invocation.parse(["films", "--months", "3"], commands: commands)
        }
        let market = OptionDeclaration("market", value: "M", summary: "one market")
        #expect(throws: UsageError.unknownOption("--market")) {
            try Invocation.parse(["stock", "2330", "--market", "otc"], options: [market], commands: commands)
        }
    }

    @Test func helpVersionAndListWin() throws {
        #expect(try Invocation.parse(["--help"]).action == .help)
        #expect(try Invocation.parse(["films", "--version"]).action == .version)
        #expect(try Invocation.parse(["--list"]).action == .listDatasets)
        #expect(try Invocation.parse(["--", "--odd-name"]).target == "--odd-name")
    }
}

@Suite struct MaxInputTests {
    @Test(arguments: [
        ("500M", 500 << 20), ("2G", 2 << 30), ("1048576", 1 << 20), ("64k", 64 << 10), ("1.5G", 3 << 29),
        ("100MiB", 100 << 20), ("100MB", 100 << 20), ("4G", 1 << 32),
    ])
    func aSizeIsReadInBinaryUnits(_ text: String, _ bytes: Int) throws {
        #expect(try Invocation.parse(["-", "--max-input", text]).maxInput == ByteSize(bytes))
        #expect(try Invocation.parse(["--max-input=\(text)", "-"]).maxInput == ByteSize(bytes))
    }

    // 1.044444444t overflowed while its fraction was scaled (found by the arguments fuzz target).
    @Test(arguments: [
        "0", "-5", "lots", "1X", "5G", "1.G", ".", "", "512", "99999999999999999999T", "1.044444444t", "1.0625G",
    ])
    func aSizeOutOfRangeOrNotASizeIsAUsageError(_ text: String) {
        #expect(
            throws: UsageError.badValue(
                option: "--max-input", value: text, expected: "give a size from 1 KiB to 4 GiB, such as 500M or 2G")
        ) { try Invocation.parse(["-", "--max-input", text]) }
    }

    @Test func withoutTheOptionTheDefaultHolds() throws {
        #expect(try Invocation.parse(["-"]).maxInput == nil)
        #expect(ByteSize.defaultInputLimit.description == "1 GiB")
    }

    @Test(arguments: [
        (1, "1 byte"), (900, "900 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"), (500 << 20, "500 MiB"),
        (1 << 30, "1 GiB"), ((1 << 30) + (1 << 29), "1.5 GiB"), ((1 << 30) - 1, "1023 MiB"),
        ((1 << 20) - 1, "1023 KiB"), ((10 << 20) - 1, "9.9 MiB"),
    ])
    func sizesAreShownNeverLargerThanTheyAre(_ bytes: Int, _ text: String) {
        #expect(ByteSize(bytes).description == text)
    }
}

@Suite struct ErrorWordingTests {
    /// An error that says `description`, with `remedy`.
    struct Said: UserFacingError {
        let description: String
        var remedy: Remedy? = nil
    }

    @Test func aWholeFailedLoadNamesEachReasonOnce() {
        let reason = Said(description: "127.0.0.1 did not answer within 20 s", remedy: .checkNetworkOrUseCache)
        let failures = ["上市", "上櫃", "興櫃"].map { SourceFailure(source: $0, error: reason) }
        #expect(
            ErrorText.reason(ofFailedLoad: "ignored", failures: failures)
                == "上市, 上櫃, 興櫃: 127.0.0.1 did not answer within 20 s")
    }

    @Test func differentReasonsAreEachShownInTheOrderFirstMet() {
        let failures = [
            SourceFailure(source: "上市", error: Said(description: "a")),
            SourceFailure(source: "上櫃", error: Said(description: "b")),
            SourceFailure(source: "興櫃", error: Said(description: "a")),
        ]
        #expect(ErrorText.reason(ofFailedLoad: "x", failures: failures) == "上市, 興櫃: a; 上櫃: b")
        #expect(ErrorText.reason(ofFailedLoad: "no sources", failures: []) == "no sources")
    }

    @Test func aLargerInputIsAskedForInWordsThatFitWherePeopleAre() {
        #expect(ErrorText.words(for: .allowLargerInput, interactive: false) == "--max-input SIZE reads more")
        #expect(
            ErrorText.words(for: .allowLargerInput, interactive: true)
                == "start with --max-input SIZE to read more")
    }
}
