import Foundation
import Testing

/// Every bad input of the framework issue: one clear line on stderr, the session goes on,
/// batch exits 2 for usage errors.
@Suite struct BadInputTests {
    @Test func badSessionCommandsGetOneLineEachAndTheSessionGoesOn() throws {
        var input = Data("open films\nfrobnicate\n99\n0\ng 0\ng\nsort nosuchcolumn\n\n".utf8)
        input.append(Data(String(repeating: "x", count: 100 * 1024).utf8))
        input.append(Data("\n".utf8))
        input.append(Data([0x2F, 0xFF, 0xFE, 0x41, 0x0A]))  // "/" then bytes that are not UTF-8
        input.append(Data("１\nb\nq\n".utf8))
        let run = try Browse.run(["--width", "60"], input: input)
        try assertSnapshot(
            run.transcript(arguments: ["--width", "60"], input: "(bad commands)"), named: "bad-commands")
        let messages = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            messages == [
                "browse: unknown command \"frobnicate\"; h lists the commands",
                "browse: there is no row 99: choose 1–6",
                "browse: there is no row 0: choose 1–6",
                "browse: there is no page 0: there is only page 1",
                "browse: g needs an argument: g N goes to page N, G or g last to the last",
                "browse: no column \"nosuchcolumn\"; columns: title, year, director, episode",
                "browse: a line of 102400 bytes is too long (the limit is 65536); nothing was run",
                "browse: the line is not valid UTF-8 text; nothing was run",
            ])
        #expect(run.stdout.contains("datasets › films › Star Wars: A New Hope"), "１ (full-width) chose row 1")
        #expect(run.status == 1, "a script whose commands failed ends with status 1")
    }

    @Test(arguments: [
        (
            ["nosuch"],
            "browse: no dataset, file or URL named \"nosuch\"; datasets: companies, ticks, institutional, margin, valuation, dividends, revenue, taiex, people, films (--list describes them)\n"
        ),
        (
            ["nosuch", "--format", "csv"],
            "browse: no dataset, file or URL named \"nosuch\"; datasets: companies, ticks, institutional, margin, valuation, dividends, revenue, taiex, people, films (--list describes them)\n"
        ),
        (["--width", "5"], "browse: --width 5: give a width from 20 to 10000 columns\n"),
        (["--page-size", "0"], "browse: --page-size 0: give a number of rows from 1 to 100000\n"),
        (["--bogus"], "browse: unknown option --bogus; --help lists the options\n"),
        (["films", "--format", "xml"], "browse: --format xml: use table, csv, tsv, json or markdown\n"),
        (["films", "--sort", "nosuch"], "browse: no column \"nosuch\"; columns: title, year, director, episode\n"),
        (["films", "people"], "browse: unexpected argument \"people\": give one dataset, file or URL\n"),
    ])
    func usageErrorsExitTwoWithOneLine(_ arguments: [String], _ message: String) throws {
        let run = try Browse.run(arguments, input: "q\n")
        #expect(run.stderr == message)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }

    @Test func aClosedPipeEndsTheProgramQuietly() throws {
        let browse = Browse.executable.path
        let script = """
            "\(browse)" films -c "$(printf 'sort year;sort title;%.0s' $(seq 1 2000))" | head -c 10 >/dev/null
            echo "status=${PIPESTATUS[0]}"
            "\(browse)" films --format csv | head -c 1 >/dev/null
            echo "status=${PIPESTATUS[0]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = Browse.environment()
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let collector = ErrorCollector(err.fileHandleForReading)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = String(decoding: collector.finish(), as: UTF8.self)
        #expect(text == "status=0\nstatus=0\n")
        #expect(!errors.contains("browse:"), "no message about the closed pipe")
        #expect(!errors.contains("Fatal"), "no crash")
    }

    @Test func noColourInPipesAndNeverWithNoColor() throws {
        let run = try Browse.run(["films", "-c", "1"], environment: ["TERM": "xterm-256color"])
        #expect(!run.stdout.contains("\u{1B}["))
    }
}
