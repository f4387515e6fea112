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

/// Every exchange file does what a person opening it needs: a table exports exactly (each
/// record of the export is a record of the file, field for field, in order, and exporting the
/// export changes nothing); an answer without data says so in one line, quoting the exchange's
/// message, with exit 1; an empty file says it is empty.
///
/// The small files of `Fixtures/exchange` have each shape, so a fresh clone checks them all;
/// the real files of `../shared/twse` are checked when they are there.
@Suite struct RealFileExportTests {
    /// Small files of our own, one for each shape of the exchanges' answers.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exchange").path

    @Test func everyExchangeShapeDoesWhatItShould() throws {
        let names = try Self.check(folder: Self.fixtures)
        #expect(names.count >= 6)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedExchangeFiles)))
    func everyRealFileRoundTripsThroughCSV() throws {
        let names = try Self.check(folder: sharedExchangeFiles)
        #expect(names.count >= 8)
    }

    /// What a file should do, decided from its bytes independently of the program.
    enum Expected: Equatable {
        case table
        case empty
        case noData(String)

        init(_ bytes: Data, json: Bool) {
            if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                self = .empty
                return
            }
            // An object without a table that carries the exchange's `stat` ("OK" when it has data).
            if json, let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
                let stat = object["stat"] as? String, stat.lowercased() != "ok",
                !object.values.contains(where: { $0 is [Any] })
            {
                self = .noData(stat)
                return
            }
            self = .table
        }
    }

    /// Checks every CSV and JSON file of `folder`; returns their names.
    static func check(folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }
        let scratch = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in names {
            let path = folder + "/" + name
            let options = name.contains("big5") ? ["--encoding", "big5"] : []
            let first = try Browse.run([path, "--format", "csv"] + options)
            let expected = Expected(try Data(contentsOf: URL(fileURLWithPath: path)), json: name.hasSuffix(".json"))
            switch expected {
            case .empty:
                #expect(first.status == 1, "\(name)")
                #expect(
                    first.stderr == "browse: could not load \(name): \(path): it is empty: there is nothing to show\n")
                continue
            case .noData(let message):
                #expect(first.status == 1, "\(name)")
                #expect(
                    first.stderr
                        == "browse: could not load \(name): \(path): it holds no data: the exchange answered \"\(message)\"\n",
                    "\(name)")
                continue
            case .table:
                #expect(first.status == 0, "\(name): \(first.stderr)")
            }
            let copy = scratch.appendingPathComponent("copy-" + name + ".csv").path
            try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: copy))
            let second = try Browse.run([copy, "--format", "csv"])
            #expect(second.stdout == first.stdout, "\(name): exporting the export changed it")
            guard name.hasSuffix(".csv"), !name.contains("big5") else { continue }
            var source = CSVRecords.parse(try String(contentsOfFile: path, encoding: .utf8))
            let exported = CSVRecords.parse(first.stdout)
            // Every exported record, the header first, is the next matching record of the file;
            // a column the file leaves unnamed (a trailing comma) is named by its letter.
            var matched = 0
            for (index, record) in exported.enumerated() {
                let found = source.firstIndex { candidate in
                    index == 0 ? Self.isHeader(record, of: candidate) : candidate == record
                }
                guard let found else { break }
                source.removeSubrange(...found)
                matched += 1
            }
            #expect(matched == exported.count, "\(name): record \(matched + 1) of the export is not the file's")
        }
        return names
    }

    /// Whether `exported` is the header `file`: the same names, but a letter for each name the
    /// file leaves empty (`A` for the first column, `I` for the ninth).
    static func isHeader(_ exported: [String], of file: [String]) -> Bool {
        guard exported.count == file.count else { return false }
        return zip(exported, file).enumerated().allSatisfy { index, pair in
            pair.0 == pair.1 || (pair.1.isEmpty && pair.0 == letterName(index))
        }
    }

    /// `A`…`Z`, `AA`…: a column's name by its place.
    static func letterName(_ index: Int) -> String {
        var number = index + 1
        var letters = ""
        while number > 0 {
            letters = String(UnicodeScalar(UInt8(65 + (number - 1) % 26))) + letters
            number = (number - 1) / 26
        }
        return letters
    }
}

/// The real exchange files beside the package (`<package>/../shared/twse`), when present.
let sharedExchangeFiles = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // BrowseTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared/twse").path

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
