import Foundation
import Testing

/// Data that tries to drive the terminal is shown visibly and never sent raw; exports keep it
/// exactly.
@Suite struct TerminalSafetyTests {
    static let hostile: [(String, String)] = [
        ("clear screen", "\u{1B}[2J\u{1B}[H"),
        ("OSC 52 clipboard", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"),
        ("title change", "\u{1B}]0;pwned\u{1B}\\"),
        ("bell", "ding\u{07}"),
        ("backspace", "safe\u{08}\u{08}\u{08}\u{08}evil"),
        ("carriage return", "shown\rhidden"),
        ("bidi override", "invoice\u{202E}fdp.exe"),
        ("zero width", "pay\u{200B}pal"),
        ("C1 CSI", "x\u{9B}31mred"),
    ]

    func csvFile() throws -> URL {
        var text = "kind,value\n"
        for (kind, value) in Self.hostile {
            text += kind + ",\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"\n"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func theScreenShowsControlsVisiblyAndSendsNoneRaw() throws {
        let file = try csvFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Browse.run([file.path, "--width", "100", "-c", "1; n; n; n; n; n; n; n; n; b"], input: "")
        #expect(run.status == 0)
        for scalar in run.stdout.unicodeScalars {
            let value = scalar.value
            let control = (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
            #expect(!control, "a raw control character U+\(String(value, radix: 16)) reached the terminal")
            #expect(![0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x200B].contains(value), "U+\(String(value, radix: 16))")
        }
        #expect(run.stdout.contains("␛[2J"), "ESC is shown as a picture")
        #expect(run.stdout.contains("<U+202E>"), "a bidi override is named")
    }

    @Test(arguments: ["csv", "json", "tsv"])
    func exportsKeepTheExactData(_ format: String) throws {
        let file = try csvFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Browse.run([file.path, "--format", format], input: "")
        #expect(run.status == 0)
        switch format {
        case "json":
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: String]])
            #expect(rows.map { $0["value"] ?? "" } == Self.hostile.map(\.1))
        case "csv":
            for (_, value) in Self.hostile where !value.contains("\r") {
                #expect(run.stdout.contains("," + value + "\n"), "CSV keeps \(value.debugDescription) as it was")
            }
            #expect(run.stdout.contains("\"shown\rhidden\""), "a carriage return is kept, quoted")
        default:
            #expect(
                run.stdout.contains("\u{1B}]52;c;cm0gLXJmIH4=\u{07}"), "TSV keeps the bytes (tabs and newlines escaped)"
            )
            #expect(run.stdout.contains("shown\\rhidden"))
        }
    }
}
