import ListKit
import Testing

@testable import LineMode

@Suite struct OpenArgumentsTests {
    let declared = [
        OptionDeclaration("encoding", value: "utf-8|big5", summary: "encoding"),
        OptionDeclaration("no-header", summary: "no header"),
        OptionDeclaration("delimiter", value: "C", summary: "delimiter"),
    ]

    @Test func theFileOptionsOfTheCommandLineWorkAfterOpen() throws {
        let parsed = try OpenArguments.parse(
            "prices big5.csv --encoding big5 --no-header --delimiter=;", declared: declared)
        #expect(parsed.name == "prices big5.csv", "a name may hold spaces")
        #expect(parsed.options == ["encoding": "big5", "no-header": "true", "delimiter": ";"])
    }

    @Test func aWordThatIsNoDeclaredOptionBelongsToTheName() throws {
        let parsed = try OpenArguments.parse("--odd name.csv --market otc", declared: declared)
        #expect(parsed.name == "--odd name.csv --market otc")
        #expect(parsed.options.isEmpty)
    }

    @Test func anOptionWithoutItsValueIsAUsageError() {
        #expect(throws: UsageError.missingValue("--encoding")) {
            try OpenArguments.parse("data.csv --encoding", declared: declared)
        }
    }
}
