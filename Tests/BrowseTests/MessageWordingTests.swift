import FakeExchange
import Foundation
import ListKitTesting
import TestSupport
import Testing

/// What `browse` says, through the built binary: once, in words a person can use, broken at
/// spaces on a terminal.
@Suite struct MessageWordingTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-wording-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// At a terminal 40 columns wide a message is broken at spaces, its later lines indented,
    /// never cut inside a word by the terminal.
    @Test func aMessageAtATerminalBreaksAtSpaces() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder, columns: 40)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort nosuchcolumn\r")
        try terminal.waitFor("browse: no column")
        let said = "browse: no column" + (try terminal.waitFor(PseudoTerminal.prompt))
        // The message's lines, without the prompt that follows them.
        let lines = said.components(separatedBy: "\r\n").filter { !$0.isEmpty && !$0.contains("\u{1B}") }
        let expected = "browse: no column \"nosuchcolumn\"; columns: title, year, director, episode"
        #expect(lines.count > 1, "broken into lines: \(lines)")
        for line in lines { #expect(line.count <= 40, "fits 40 columns: \(line)") }
        for line in lines.dropFirst() { #expect(line.hasPrefix("  "), "a later line is indented: \(line)") }
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == expected, "broken only at spaces")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    /// Ctrl-C while `stock 2330 --months 4` fetches its months: the months that arrived show,
    /// and the interruption is said.
    @Test func ctrlCDuringTheMonthsOfStockSaysInterrupted() throws {
        let exchange = try FakeExchange(files: ExchangeSandbox.files)
        defer { exchange.stop() }
        let folder = try ScratchFolder("pty")
        var environment = exchange.environment
        environment["BROWSE_NOW"] = ExchangeSandbox.now
        // March is held back; Ctrl-C comes while it is asked, after June, May and April.
        exchange.hold(true, requestsContaining: "date=20250301")
        let terminal = try PseudoTerminal.browse(
            ["stock", "2330", "--months", "4", "--cache-dir", folder.path + "/cache"], in: folder,
            environment: environment)
        try exchange.server.waitUntil("the request for March") {
            $0.contains { $0.target.contains("date=20250301") }
        }
        terminal.send([0x03])
        try terminal.waitFor("interrupted: the load of 2330")
        try terminal.waitFor("datasets › 2330 台積電")
        try terminal.waitFor(PseudoTerminal.prompt)
        exchange.hold(false, requestsContaining: "date=20250301")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    /// A file that does not load: at a prompt the screen says why, once; a script's stderr
    /// has the line.
    @Test func aFailedLoadIsSaidOnce() throws {
        let folder = try ScratchFolder("pty")
        try Data("<!DOCTYPE html><html><body>busy</body></html>\n".utf8)
            .write(to: folder.url.appendingPathComponent("page.csv"))
        let terminal = try PseudoTerminal.browse([], in: folder, columns: 200)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open page.csv\r")
        let said = try terminal.waitFor("r tries again")
        #expect(said.components(separatedBy: "a web page").count == 2, "said once: \(said)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
        let script = try Browse.run(["-c", "open page.csv"], input: Data(), directory: folder.url)
        #expect(script.stderr.contains("a web page"), "\(script.stderr)")
        #expect(script.status == 1)
    }

    @Test func aRowNumberOnAChartSaysItIsAChart() throws {
        let run = try Browse.run(["films", "-c", "chart year; 1"], input: Data())
        #expect(run.stderr == "browse: a row number works on a list, and this is a chart; b goes back to the list\n")
        let paging = try Browse.run(["films", "-c", "chart year; n"], input: Data())
        #expect(paging.stderr == "browse: n works on a list, and this is a chart; b goes back to the list\n")
    }

    @Test func anExportOverAFileSaysItReplacedIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("films.csv").path
        let run = try Browse.run(["films", "-c", "export csv \(path); export csv \(path)"], input: Data())
        #expect(run.status == 0)
        #expect(run.stderr == "browse: wrote 6 rows to \(path)\nbrowse: replaced \(path): wrote 6 rows\n")
    }

    @Test(arguments: ["/nonexistent.csv", "no/such/folder.tsv", "missing.json"])
    func aPathWithNoFileSaysNoSuchFile(_ path: String) throws {
        let run = try Browse.run([path], input: Data())
        #expect(run.stderr == "browse: \(path): no such file\n")
        #expect(run.status == 2)
        let session = try Browse.run(["-c", "open \(path)"], input: Data())
        #expect(session.stderr == "browse: \(path): no such file\n")
        let word = try Browse.run(["nosuch"], input: Data())
        #expect(
            word.stderr.hasPrefix("browse: no dataset, file or URL named \"nosuch\"; datasets: "), "a word is a name")
    }

    /// `add-dataset rel cities.csv` reads the file from the current folder, as every other path
    /// on the command line, and the manifest finds it from anywhere.
    @Test func addDatasetReadsARelativePathFromTheCurrentFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("city,population\nTaipei,2500000\n".utf8).write(to: data.appendingPathComponent("cities.csv"))
        let config = folder.appendingPathComponent("config").path
        let added = try Browse.run(
            ["add-dataset", "rel", "cities.csv"], input: Data(), environment: ["XDG_CONFIG_HOME": config],
            directory: data)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("2 columns: city, population"), "\(added.stdout)")
        let opened = try Browse.run(
            ["rel", "--format", "csv"], input: Data(), environment: ["XDG_CONFIG_HOME": config])
        #expect(opened.stdout == "city,population\nTaipei,2500000\n", "\(opened.stderr)")
        let missing = try Browse.run(
            ["add-dataset", "other", "nope.csv"], input: Data(), environment: ["XDG_CONFIG_HOME": config],
            directory: data)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.csv: cannot read it"), "\(missing.stderr)")
        #expect(missing.stderr.hasSuffix("other was not added\n"), "no manifest is named: \(missing.stderr)")
        #expect(!missing.stderr.contains("other.json"), "\(missing.stderr)")
    }
}
