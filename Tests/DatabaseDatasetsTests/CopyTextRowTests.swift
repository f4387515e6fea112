import Testing

@testable import DatabaseDatasets

/// Rows of PostgreSQL's `COPY … TO STDOUT` text format read back as the values the server holds.
@Suite struct CopyTextRowTests {
    private func decode(_ line: String) throws -> [String?] {
        var row = CopyTextRow()
        var decoded: [String?] = []
        var bytes = Array(line.utf8)
        try bytes.withUnsafeMutableBytes { line in
            try row.decode(UnsafeRawBufferPointer(line)) { fields in
                decoded = fields.map { $0.map { String(decoding: $0, as: UTF8.self) } }
            }
        }
        return decoded
    }

    @Test func tabsSeparateFieldsAndBackslashNIsNull() throws {
        #expect(try decode("1\t台積電\t\\N\t\n") == ["1", "台積電", nil, ""])
    }

    @Test func escapesBecomeTheBytesTheyStandFor() throws {
        #expect(
            try decode("a\\tb\tline\\none\\r\tback\\\\slash\t\\b\\f\\v\n") == [
                "a\tb", "line\none\r", "back\\slash", "\u{8}\u{c}\u{b}",
            ])
        #expect(try decode("\\101\\x42\\x4a\t\\N\n") == ["ABJ", nil])
    }

    @Test func aTextThatReadsBackslashNIsNotNull() throws {
        // The server writes the text `\N` as `\\N`.
        #expect(try decode("\\\\N\tx\n") == ["\\N", "x"])
    }

    @Test func theLastFieldNeedsNoLineFeed() throws {
        #expect(try decode("a\tb") == ["a", "b"])
        #expect(try decode("") == [""])
    }
}
