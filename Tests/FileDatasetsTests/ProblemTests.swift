import Foundation
import ListKit
import Testing

@testable import FileDatasets

/// Bad rows are skipped, counted and named by line; bad files get one clear reason.
@MainActor
@Suite struct ProblemTests {
    @Test func raggedRowsAreSkippedAndReportedWithTheirLines() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("ragged.csv", "a,b,c\n1,2,3\n4,5\n6,7,8\n9,10,11,12\n\n13,14,15\n")
        let opened = try await open(path)
        #expect(opened.texts == [["1", "2", "3"], ["6", "7", "8"], ["13", "14", "15"]])
        #expect(
            opened.notes == [
                "ragged.csv: skipped 2 malformed rows: line 3 has 2 fields, not 3; line 5 has 4 fields, not 3"
            ])
    }

    @Test func anUnterminatedQuoteAtTheEndIsReportedAndTheRestOpens() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("open-quote.csv", "a,b\n1,2\n3,\"never closed\n"))
        #expect(opened.texts == [["1", "2"]])
        #expect(opened.notes == ["open-quote.csv: skipped 1 malformed row: line 3: a quoted field is never closed"])
    }

    @Test func anUnterminatedQuoteInTheMiddleCostsOnlyItsLine() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("middle.csv", "a,b\n1,2\n3,\"oops\n4,5\n6,7\n")
        let opened = try await open(path)
        #expect(opened.texts == [["1", "2"], ["4", "5"], ["6", "7"]])
        #expect(opened.notes == ["middle.csv: skipped 1 malformed row: line 3: a quoted field is never closed"])
    }

    @Test func aStrayQuoteThatSwallowsLinesCostsOnlyItsLine() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("stray.csv", "a,b\n1,\"x\n4,5\n6,\"y\",7\n8,9\n")
        let opened = try await open(path)
        #expect(opened.texts == [["4", "5"], ["8", "9"]])
        #expect(
            opened.notes == [
                "stray.csv: skipped 2 malformed rows: line 2 has 3 fields, not 2; line 4 has 3 fields, not 2"
            ],
            "a stray quote in a skipped row is not mentioned as kept")
    }

    @Test func quotesKeptAsTextAreMentioned() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("inch.csv", "size,name\n12\" pipe,x\n\"a\"b,y\n"))
        #expect(opened.texts == [["12\" pipe", "x"], ["ab", "y"]])
        #expect(opened.notes == ["inch.csv: 2 fields have stray quotes (lines 2, 3); kept as text"])
    }

    @Test func manyBadRowsAreCountedAndTheFirstNamed() async throws {
        let scratch = try Scratch()
        var text = "a,b\n"
        for index in 0..<50 { text += index % 2 == 0 ? "\(index)\n" : "\(index),x\n" }
        let opened = try await open(try scratch.write("many.csv", text))
        #expect(opened.screen.count == 25)
        let note = try #require(opened.notes.first)
        #expect(note.hasPrefix("many.csv: skipped 25 malformed rows: line 2 has 1 field, not 2;"))
        #expect(note.hasSuffix("; and 17 more"))
    }

    @Test func mostRowsNotFittingSuggestsTheDelimiter() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("wrong.csv", "a,b\n1\n2\n3\n4,5\n"))
        #expect(opened.notes.first?.contains("check --delimiter, --no-header or --format-in") == true)
    }

    @Test func anEmptyFileIsAClearFailure() async throws {
        let scratch = try Scratch()
        for (name, bytes) in [
            ("empty.csv", [UInt8]()), ("bom.csv", [0xEF, 0xBB, 0xBF, 0x0A]), ("blank.csv", Array("\n \r\n".utf8)),
        ] {
            let opened = try await open(try scratch.write(name, bytes: bytes))
            #expect(opened.failure?.hasSuffix("\(name): it is empty: there is nothing to show") == true)
        }
    }

    @Test func aBinaryFileIsAClearFailure() async throws {
        let scratch = try Scratch()
        let opened = try await open(
            try scratch.write("image.csv", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        #expect(
            opened.failure?.hasSuffix(
                "image.csv: it is not text (a NUL byte at byte offset 8); CSV, TSV and JSON files can be opened")
                == true)
    }

    @Test func aFolderAndAnUnreadableFileAreFailuresNotUsageMistakes() async throws {
        let scratch = try Scratch()
        let folder = try await open(scratch.folder.path)
        #expect(folder.failure?.contains("it is a folder; give a file") == true)
        let path = try scratch.write("secret.csv", "a\n1\n")
        chmod(path, 0o000)
        defer { chmod(path, 0o644) }
        // Root reads anything; only check the message when the file really cannot be read.
        if access(path, R_OK) != 0 {
            let opened = try await open(path)
            #expect(opened.failure?.hasSuffix("secret.csv: cannot read it: Permission denied") == true)
        }
    }

    @Test func aNameThatIsNoFileIsNotFound() async throws {
        await #expect(throws: FileOpenError.notFound("/no/such/file.csv")) {
            _ = try await open("/no/such/file.csv")
        }
        await #expect(throws: FileOpenError.notFound("http://")) {
            _ = try await open("http://")
        }
    }

    @Test func aTenMegabyteLineOpens() async throws {
        let scratch = try Scratch()
        let long = String(repeating: "台積電 ", count: 10 * 1024 * 1024 / 10)
        let path = try scratch.write("long.csv", "id,text\n1,\"\(long)\"\n2,short\n")
        let opened = try await open(path)
        #expect(opened.screen.count == 2)
        try opened.screen.applyFilter("short")
        #expect(opened.screen.count == 1)
        try opened.screen.applyFilter("台積電 台積電")
        #expect(opened.screen.count == 1)
    }

    @Test func aSingleLineOfManyFieldsIsRefused() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("wide.csv", String(repeating: "x,", count: 20_000) + "\n")
        let opened = try await open(path)
        #expect(opened.failure?.contains("its first row has 20001 fields; at most 5000 columns can be shown") == true)
    }
}
