import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exports write each field as the file wrote it, and replace a file the way an editor would:
/// permissions kept, a symbolic link written through.
@Suite struct ExportExactnessTests {
    /// Every quirk a number or a text column can have in the exchange's files and elsewhere.
    static let quirks = """
        name,price,change,volume,note
        a,-0.00,+2.00,"1,234.50",--
        b,1045.00,-20.0000,0,X0.00
        c, 0.00,+0.30,"14,304,763",
        d,007,1e3,12,"say ""hi"", twice"
        e,,--,-,plain

        """

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func csvExportOfAFileIsTheFileItself() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("quirks.csv").path
        try Data(Self.quirks.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Browse.run([path, "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.stdout == Self.quirks)
    }

    @Test func tsvAndMarkdownKeepTheTextOfEachField() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("quirks.csv").path
        try Data(Self.quirks.utf8).write(to: URL(fileURLWithPath: path))
        let tsv = try Browse.run([path, "--format", "tsv"]).stdout.split(separator: "\n")
        #expect(tsv[1] == "a\t-0.00\t+2.00\t1,234.50\t--")
        #expect(tsv[3] == "c\t 0.00\t+0.30\t14,304,763\t")
        let markdown = try Browse.run([path, "--format", "markdown"]).stdout.split(separator: "\n")
        #expect(markdown[2] == "| a | -0.00 | +2.00 | 1,234.50 | -- |")
        #expect(markdown[5] == "| d | 007 | 1e3 | 12 | say \"hi\", twice |")
    }

    /// A number only where the column is numeric and the text is a JSON number as written.
    @Test func jsonWritesNumbersOnlyWhereTheTextIsExactlyANumber() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("numbers.csv").path
        let text = "name,price,change\na,-0.00,+2.00\nb,1045.00,-20.0000\nc,\"1,234.50\",0.30\nd,12,--\ne,,\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Browse.run([path, "--format", "json"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                [
                  {"name": "a", "price": -0.00, "change": "+2.00"},
                  {"name": "b", "price": 1045.00, "change": -20.0000},
                  {"name": "c", "price": "1,234.50", "change": 0.30},
                  {"name": "d", "price": 12, "change": "--"},
                  {"name": "e", "price": null, "change": null}
                ]

                """)
        // A text column keeps numbers-as-text as strings.
        try Data(Self.quirks.utf8).write(to: URL(fileURLWithPath: path))
        let quirks = try Browse.run([path, "--format", "json"]).stdout.split(separator: "\n")
        #expect(quirks[4].contains(#""price": "007""#))
        #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [[String: Any]])
    }

    @Test func aHeaderOnlyFileExportsItsHeader() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("header.csv").path
        try Data("code,name\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Browse.run([path, "--format", "csv"]).stdout == "code,name\n")
        #expect(try Browse.run([path, "--format", "tsv"]).stdout == "code\tname\n")
        let out = folder.appendingPathComponent("out.csv").path
        _ = try Browse.run([path, "-c", "export csv \(out)"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "code,name\n")
    }

    @Test func exportingOverAFileKeepsItsPermissionsAndWritesThroughALink() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("quirks.csv").path
        try Data(Self.quirks.utf8).write(to: URL(fileURLWithPath: source))
        let target = folder.appendingPathComponent("kept.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        let link = folder.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "kept.csv")
        let run = try Browse.run([source, "-c", "export csv \(link)"])
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "kept.csv")
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o640, "the file keeps mode 640")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.quirks)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    /// A new file gets the mode new files get (not the temporary file's private 600).
    @Test func aNewExportFileIsReadableAsAnyNewFile() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("new.json").path
        let run = try Browse.run(["people", "-c", "export json \(out)"])
        #expect(run.status == 0)
        var status = stat()
        let mask = umask(0)
        umask(mask)
        #expect(stat(out, &status) == 0 && status.st_mode & 0o777 == 0o666 & ~mask)
    }

    /// Lines that are not UTF-8 after the first 64 KB: shown and exported as U+FFFD, said once.
    @Test func bytesThatAreNotUTF8AfterTheCheckedStartAreReportedOnceWithTheirLine() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("late.csv").path
        var bytes = Array("name,value\n".utf8)
        for index in 0..<10_000 { bytes += Array("row\(index),\(index)\n".utf8) }
        bytes += Array("bad".utf8) + [0xFF, 0xFE] + Array(",1\nworse".utf8) + [0xC3] + Array(",2\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = try Browse.run([path, "--format", "csv"])
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("not UTF-8") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("line 10002 has bytes that are not UTF-8") == true)
        #expect(run.stdout.hasSuffix("bad\u{FFFD}\u{FFFD},1\nworse\u{FFFD},2\n"))
    }
}

/// Every real exchange file exports its table exactly: each record of the export is a record
/// of the file, field for field, in order, and exporting the export changes nothing.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: sharedExchangeFiles)))
struct RealFileExportTests {
    static let folder = sharedExchangeFiles

    @Test func everyRealFileRoundTripsThroughCSV() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
            .filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }
        #expect(names.count >= 8)
        let scratch = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in names {
            let path = Self.folder + "/" + name
            let options = name.contains("big5") ? ["--encoding", "big5"] : []
            let first = try Browse.run([path, "--format", "csv"] + options)
            #expect(first.status == 0, "\(name): \(first.stderr)")
            let copy = scratch.appendingPathComponent("copy-" + name + ".csv").path
            try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: copy))
            let second = try Browse.run([copy, "--format", "csv"])
            #expect(second.stdout == first.stdout, "\(name): exporting the export changed it")
            guard name.hasSuffix(".csv"), !name.contains("big5") else { continue }
            var source = CSVRecords.parse(try String(contentsOfFile: path, encoding: .utf8))
            let exported = CSVRecords.parse(first.stdout)
            // Every exported record, the header first, is the next matching record of the file.
            var matched = 0
            for record in exported {
                guard let found = source.firstIndex(of: record) else { break }
                source.removeSubrange(...found)
                matched += 1
            }
            #expect(matched == exported.count, "\(name): record \(matched + 1) of the export is not the file's")
        }
    }
}

/// The real exchange files of the development machine, when present.
let sharedExchangeFiles = "/work/shared/twse"

/// A small RFC 4180 reader for the tests, independent of the one under test.
enum CSVRecords {
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
            } else if scalar == "\n" || scalar == "\r" {
                if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index += 1 }
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
