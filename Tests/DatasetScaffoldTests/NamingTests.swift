import Testing

@testable import DatasetScaffold

@Suite struct NamingTests {
    @Test(arguments: [
        ("Weather", "Weather", "weather"),
        ("OtcCompanies", "OtcCompanies", "otc-companies"),
        ("HTTPLogs", "HTTPLogs", "http-logs"),
        ("weather2", "Weather2", "weather2"),
        ("StockDayAll", "StockDayAll", "stock-day-all"),
    ])
    func namesGiveATypeAndAKebabCaseID(_ text: String, _ type: String, _ id: String) throws {
        let name = try DatasetName(text)
        #expect(name.typeName == type)
        #expect(name.id == id)
    }

    @Test(arguments: ["", "2fast", "my-data", "Foo Bar", "台股", "class!"])
    func badNamesAreRefusedWithAReason(_ text: String) {
        #expect(throws: ScaffoldError.self) { try DatasetName(text) }
    }

    @Test func columnNamesBecomeSwiftIdentifiers() {
        #expect(
            SwiftIdentifier.properties(for: ["成交股數", "2nd col", "class", "Trade Volume", "name", "name", "id", "--"])
                == ["成交股數", "_2ndCol", "`class`", "tradeVolume", "name", "name2", "id2", "column"])
    }

    @Test func stringLiteralsAreEscaped() {
        #expect(SwiftIdentifier.literal("a\"b\\c\nd") == #""a\"b\\c\nd""#)
    }

    @Test func theRegistryGainsALineBetweenItsMarkers() throws {
        let text = """
            public static let all: [any Dataset] = [
                // new-dataset: begin
                WeatherDataset(),
                // new-dataset: end
            ]
            """
        let registry = RegistryFile(text: text)
        #expect(registry.registered == ["WeatherDataset"])
        let added = try registry.adding("OtcCompaniesDataset", path: "Registry.swift")
        #expect(RegistryFile(text: added).registered == ["WeatherDataset", "OtcCompaniesDataset"])
        #expect(added.contains("    OtcCompaniesDataset(),\n    // new-dataset: end"))
        #expect(throws: ScaffoldError.noRegistry("R.swift")) {
            try RegistryFile(text: "no markers").adding("X", path: "R.swift")
        }
    }
}

@Suite struct ScaffolderTests {
    @Test func idsAreFoundInCodeNotInComments() {
        let source = """
            /// Example: `var id: String { "films" }`
            public var id: String { "companies" }
                var id: String { "people" }
            """
        #expect(Scaffolder.declaredIDs(in: source) == ["companies", "people"])
    }
}
