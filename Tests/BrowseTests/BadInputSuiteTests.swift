import Foundation
import ListKitTesting
import Testing

/// The bad-input suite of Documentation/Reliability.md: each case runs the built binary and
/// checks the message, the exit status and what is kept.
@Suite struct BadInputSuiteTests {
    /// One case: what is run, and what must come of it.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var input = ""
        var environment: [String: String] = [:]
        let status: Int32
        /// Text stderr must contain.
        let message: String
        /// Text stdout must contain (what is kept or shown).
        var shows: String?

        var testDescription: String { name }
    }

    static let folder: URL = {
        let folder = RunFolder.shared("bad-inputs")
        func write(_ name: String, _ bytes: [UInt8]) {
            try? Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        write("empty.csv", [])
        write("binary.csv", Array("a,b\n1,".utf8) + [0, 1, 2, 10])
        write("truncated.csv", Array("name,city\nx,台".utf8) + Array("北".utf8).prefix(2))
        write("long-line.csv", Array("h\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 10_000_000) + [10])
        write("unterminated.csv", Array("a,b\n1,2\n3,\"never closed\n".utf8))
        write(
            "wide.csv",
            Array(
                ((0..<100_000).map { "c\($0)" }.joined(separator: ",") + "\n"
                    + (0..<100_000).map(String.init).joined(separator: ",") + "\n").utf8))
        write("duplicate-header.csv", Array("name,name,,x\n1,2,3,4\n".utf8))
        write("ragged.csv", Array("a,b\n1,2,3\n4\n5,6\n".utf8))
        write("big5.csv", [0xA5, 0x78, 0xBF, 0x6E, 0x2C, 0x61, 0x0A, 0xA5, 0x78, 0x2C, 0x31, 0x0A])
        write("films.csv", Array("title,year\nA New Hope,1977\n".utf8))
        return folder
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static let files: [Case] = [
        Case(name: "empty file", arguments: [path("empty.csv")], status: 1, message: "it is empty"),
        Case(name: "binary file", arguments: [path("binary.csv")], status: 1, message: "it is not text (a NUL byte"),
        Case(
            name: "truncated UTF-8", arguments: [path("truncated.csv")], status: 1,
            message: "ends inside a character"),
        Case(
            name: "10 MB single line", arguments: [path("long-line.csv"), "--format", "csv"], status: 0, message: "",
            shows: "h\nxxxxxxxx"),
        Case(
            name: "unterminated quote at EOF", arguments: [path("unterminated.csv"), "--format", "csv"], status: 0,
            message: "line 3: a quoted field is never closed", shows: "a,b\n1,2\n"),
        Case(
            name: "100 000 columns", arguments: [path("wide.csv")], status: 1,
            message: "its first row has 100000 fields; at most 5000 columns can be shown"),
        Case(
            name: "duplicate and empty header names", arguments: [path("duplicate-header.csv"), "--format", "csv"],
            status: 0, message: "", shows: "name,name,,x\n1,2,3,4\n"),
        Case(
            name: "ragged rows", arguments: [path("ragged.csv"), "--format", "csv"], status: 0,
            message: "line 2 has 3 fields, not 2; line 3 has 1 field, not 2", shows: "a,b\n5,6\n"),
        Case(
            name: "Big5 without --encoding", arguments: [path("big5.csv")], status: 1,
            message: "for a Big5 file add --encoding big5"),
        Case(
            name: "Big5 with --encoding big5", arguments: [path("big5.csv"), "--encoding", "big5", "--format", "csv"],
            status: 0, message: "", shows: "台積,a\n台,1\n"),
        Case(
            name: "missing file", arguments: ["/nonexistent/data.csv"], status: 2,
            message: "/nonexistent/data.csv: no such file"),
        Case(name: "a folder", arguments: [folder.path], status: 1, message: "is a folder"),
        Case(
            name: "nonsense delimiter", arguments: [path("films.csv"), "--delimiter", "nonsense"], status: 2,
            message: "--delimiter nonsense"),
    ]

    static let commands: [Case] = [
        Case(
            name: "a huge row number", arguments: ["films"], input: "99999999999999999999\n", status: 1,
            message: "there is no row 9223372036854775807: choose 1–6"),
        Case(
            name: "a huge page number", arguments: ["films"], input: "g 99999999999999999999\n", status: 1,
            message: "there is no page that large"),
        Case(
            name: "a negative row", arguments: ["films"], input: "-5\n", status: 1,
            message: "\"-5\" is not a row: row numbers start at 1"),
        Case(
            name: "full-width digits", arguments: ["films"], input: "２\n", status: 0, message: "",
            shows: "datasets › films › Star Wars: The Empire Strikes Back"),
        Case(
            name: "a 1 MB line", arguments: ["films"], input: String(repeating: "y", count: 1 << 20) + "\n", status: 1,
            message: "a line of 1048576 bytes is too long (the limit is 65536)"),
        Case(
            name: "an unknown column", arguments: ["films"], input: "sort rating\n", status: 1,
            message: "no column \"rating\"; columns: title, year"),
        Case(
            name: "an unknown export format", arguments: ["films"], input: "export xls\n", status: 1,
            message: "use csv, tsv, json or markdown"),
        Case(
            name: "export to a path under a file", arguments: ["films"], input: "export csv /dev/null/x.csv\n",
            status: 1,
            message: "could not write /dev/null/x.csv"),
        Case(
            name: "open an unknown name", arguments: ["films"], input: "open nosuch\n", status: 1,
            message: "no dataset, file or URL named \"nosuch\""),
    ]

    static let environment: [Case] = [
        Case(
            name: "stdout is a full disk", arguments: ["films", "--format", "csv"], status: 1,
            message: "could not write the output: no space left on device"),
        Case(
            name: "no HOME", arguments: ["films", "--format", "csv"], environment: ["HOME": ""], status: 0, message: "",
            shows: "Star Wars: A New Hope,1977"),
        Case(
            name: "COLUMNS=1", arguments: ["films", "-c", "1"], environment: ["COLUMNS": "1"], status: 0, message: "",
            shows: "  title\n    Star Wars: A New\n    Hope"),
        Case(
            name: "width 1000", arguments: ["films", "--width", "1000", "-c", "1"], status: 0, message: "",
            shows: "  title     Star Wars: A New Hope"),
        Case(
            name: "TERM=dumb", arguments: ["films", "-c", "1"], environment: ["TERM": "dumb"], status: 0, message: "",
            shows: "  episode   Episode IV"),
    ]

    func run(_ testCase: Case) throws -> Run {
        if testCase.name == "stdout is a full disk" {
            let process = Process()
            process.executableURL = Browse.executable
            process.arguments = testCase.arguments
            process.environment = Browse.environment()
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let collector = ErrorCollector(errors.fileHandleForReading)
            process.waitUntilExit()
            return Run(
                stdout: "", stderr: String(decoding: collector.finish(), as: UTF8.self),
                status: process.terminationStatus)
        }
        return try Browse.run(testCase.arguments, input: testCase.input, environment: testCase.environment)
    }

    func check(_ testCase: Case) throws {
        let result = try run(testCase)
        #expect(result.status == testCase.status, "\(testCase.name): exit status")
        if testCase.message.isEmpty {
            #expect(!result.stderr.contains("browse:"), "\(testCase.name): no message expected, got \(result.stderr)")
        } else {
            #expect(result.stderr.contains(testCase.message), "\(testCase.name): stderr was \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("browse:") }
            #expect(lines.count == 1, "\(testCase.name): one line, got \(lines.count)")
        }
        if let shows = testCase.shows {
            #expect(result.stdout.contains(shows), "\(testCase.name): stdout lacks \(shows)")
        }
        for line in result.stdout.split(separator: "\n") where testCase.environment["COLUMNS"] == "1" {
            #expect(line.count <= 20, "COLUMNS=1 is read as the narrowest width, 20")
        }
    }

    @Test(arguments: files) func badFiles(_ testCase: Case) throws { try check(testCase) }
    @Test(arguments: commands) func badCommands(_ testCase: Case) throws { try check(testCase) }
    @Test(arguments: environment) func badEnvironments(_ testCase: Case) throws { try check(testCase) }
}
