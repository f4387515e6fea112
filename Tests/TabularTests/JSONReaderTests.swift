import Tabular
import Testing

@Suite struct JSONReaderTests {
    @Test func valuesKeepTheirTextOrderAndLines() throws {
        let text =
            "\u{FEFF}{\"stat\": \"OK\",\n \"data\": [[\"114/06/02\", \"1,045.00\"],\n  [\"114/06/03\", null]],\n \"n\": 1045.00, \"t\": true}"
        let root = try JSONReader.parse(Array(text.utf8))
        #expect(root.members?.map(\.key) == ["stat", "data", "n", "t"])
        #expect(root["stat"]?.string == "OK")
        #expect(root["n"]?.kind == .number("1045.00"), "a number keeps the decimals it was written with")
        #expect(root["t"]?.kind == .bool(true))
        let rows = try #require(root["data"]?.array)
        #expect(rows.map(\.line) == [2, 3], "each element knows the line it starts on")
        #expect(rows[1].array?[1].isNull == true)
    }

    @Test func aMillionLevelsOfArraysIsOneClearErrorNotACrash() throws {
        let deep =
            [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 1_000_000)
        let problem = try #require(throws: JSONProblem.self) { try JSONReader.parse(deep) }
        #expect(problem.message.contains("nested deeper than 512 levels; tables are read here, not trees"))
        #expect(problem.line == 1)
    }

    @Test func aMillionLevelsOfObjectsIsOneClearErrorNotACrash() throws {
        var text = ""
        text.reserveCapacity(7_000_000)
        for _ in 0..<1_000_000 { text += "{\"a\":" }
        text += "1" + String(repeating: "}", count: 1_000_000)
        let problem = try #require(throws: JSONProblem.self) { try JSONReader.parse(Array(text.utf8)) }
        #expect(problem.message.contains("nested deeper than"))
    }

    @Test func deepNestingInsideARowIsSkippedWithoutRecursion() throws {
        let inner = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        let bytes = Array("{\"name\": \"x\", \"deep\": \(inner)}".utf8)
        let problem = bytes.withUnsafeBufferPointer { buffer -> JSONProblem? in
            var cursor = JSONCursor(bytes: buffer)
            do throws(JSONProblem) {
                try cursor.readObject { _, _ in }
                return nil
            } catch {
                return error
            }
        }
        #expect(problem?.message.contains("nested deeper than 512 levels") == true)
    }

    @Test func nestingWithinTheLimitIsRead() throws {
        let depth = JSONCursor.maximumDepth
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var value = try JSONReader.parse(Array(text.utf8))
        for _ in 1..<depth { value = try #require(value.array?.first) }
        #expect(value.array?.first?.kind == .number("7"))
    }

    @Test func aLoneHighSurrogateDoesNotSwallowTheNextCharacter() throws {
        let value = try JSONReader.parse(Array(#"["a\ud800\u0041b", "\ud83d\ude00", "\udc00x"]"#.utf8))
        let strings = try #require(value.array).map { $0.string }
        #expect(strings == ["a\u{FFFD}Ab", "😀", "\u{FFFD}x"])
    }

    @Test func errorsGiveTheLineAndColumn() throws {
        let text = "{\"a\": 1,\n  \"名\": tru}"
        let problem = try #require(throws: JSONProblem.self) { try JSONReader.parse(Array(text.utf8)) }
        #expect(problem.line == 2)
        #expect(problem.column == 8, "columns count characters, not bytes")
        #expect(problem.message == "expected a value, found \"t\"")
    }

    @Test func trailingTextAndBadSyntaxAreRefused() {
        for bad in ["[1] 2", "[1,]", "{\"a\" 1}", "[01x]", "\"open", "[1 2]", ""] {
            #expect(throws: JSONProblem.self, "\(bad)") { try JSONReader.parse(Array(bad.utf8)) }
        }
    }
}
