import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// Text from data reaches the terminal only made visible, wherever it is printed: titles and
/// breadcrumbs (a company's name, a file's name), headers, help, status lines and every
/// message on standard error, including the echo of a typed command.
@Suite struct TitleSafetyTests {
    static let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let hostile = "x\(osc52)\u{9B}31m\u{202E}y"

    /// True when `text` holds a scalar that drives a terminal: a C0 or C1 control other than
    /// a line feed, DEL, or a bidirectional override.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.compactMap { scalar in
            let value = scalar.value
            let control = (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
            let bidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            return control || bidi ? "U+" + String(value, radix: 16) : nil
        }
    }

    @Test func aFileNamedWithEscapesShowsItsNameVisiblyEverywhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-titles-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p\(Self.hostile).csv")
        try Data("name,\(Self.hostile)\nrow one,1\n".utf8).write(to: file)
        let commands = [
            "1", "b", "sort x", "h", "ls", "/\(Self.osc52)", "\(Self.osc52)", "open \(folder.path)/nothing\nhere",
            "export csv \(folder.path)/missing/\(Self.osc52).csv",
        ]
        let run = try Browse.run([file.path, "--width", "100"], input: Data(commands.joined(separator: "\n").utf8))
        #expect(Self.rawControls(in: run.stdout) == [], "stdout: \(run.stdout.debugDescription)")
        #expect(Self.rawControls(in: run.stderr) == [], "stderr: \(run.stderr.debugDescription)")
        #expect(run.stdout.contains("datasets › px␛]52;c;cm0gLXJmIH4=␇<U+009B>31m<U+202E>y.csv"))
        #expect(run.stderr.contains("unknown command \"␛]52;c;cm0gLXJmIH4=␇\""))
        for line in run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(line.hasPrefix("browse: "), "each message is one line: \(line)")
        }
    }

    @Test func aCompanyNameWithEscapesFromAMirrorIsShownVisibly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-titles-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let listed = try String(contentsOf: ExchangeSandbox.fixture("t187ap03_L_bom_crlf.csv"), encoding: .utf8)
        let poisoned = folder.appendingPathComponent("L.csv")
        try Data(listed.replacingOccurrences(of: "\"台積電\"", with: "\"台積\(Self.hostile)\"").utf8).write(to: poisoned)
        var files = ExchangeSandbox.files
        files["companies_L"] = poisoned
        let sandbox = try ExchangeSandbox(files: files)
        defer { sandbox.close() }
        let run = try Browse.run(
            ["companies", "--width", "120", "-c", "/2330; 1; 1"], input: Data(), environment: sandbox.environment)
        #expect(Self.rawControls(in: run.stdout) == [], "stdout: \(run.stdout.debugDescription)")
        #expect(Self.rawControls(in: run.stderr) == [], "stderr: \(run.stderr.debugDescription)")
        #expect(run.stdout.contains("companies › 2330 台積x␛]52;c;cm0gLXJmIH4=␇<U+009B>31m<U+202E>y"))
    }
}
