import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import LineMode

/// Every session command is declared once, and every list of commands is made from the
/// declarations: the parser, `h`, `h COMMAND`, Tab, `--help`, the names a manifest may not take,
/// and the bash, zsh and fish completion scripts.
@MainActor
@Suite struct CommandDeclarationTests {
    /// A program with a dataset command, a screen command and a subcommand, as `browse` has.
    static func launcher() throws -> (Launcher, StringSink) {
        let output = StringSink()
        var launcher = Launcher(
            identity: ProgramIdentity.underTest, registry: try DatasetRegistry([WeatherDataset()]),
            terminal: TerminalInfo(), output: output,
            errors: StringSink())
        launcher.subcommands = [NoteSubcommand()]
        return (launcher, output)
    }

    /// One line a person could type for each declaration.
    static func line(for declaration: SessionCommandDeclaration, name: String?) -> String {
        switch declaration.form {
        case .word: return (name ?? "") + " x"
        case .rowNumber: return "3"
        case .prefix(let characters), .repeated(let characters): return String(characters[0])
        }
    }

    /// The command `line` reads as; `nil` for one the parser knows with a wrong argument
    /// (`export x`, `g x`).
    static func parsed(_ line: String) -> Command? {
        do {
            return try CommandParser.parse(line)
        } catch {
            switch error {
            case .unknownFormat, .missingArgument, .badNumber: return nil
            default:
                Issue.record("\(line): \(error)")
                return nil
            }
        }
    }

    @Test func everyNameParsesToTheCommandOfItsDeclaration() throws {
        #expect(SessionCommands.all.count == 25, "the 25 commands of a session")
        for declaration in SessionCommands.all {
            for name in declaration.names.isEmpty ? [nil] : declaration.names.map(Optional.some) {
                let line = Self.line(for: declaration, name: name)
                guard let parsed = Self.parsed(line) else { continue }
                #expect(parsed.declaration?.synopsis == declaration.synopsis, "\(line) reads as \(parsed)")
            }
        }
        #expect(try CommandParser.parse("chart close by date") == .chart(["close", "by", "date"]))
        #expect(try CommandParser.parse("h where") == .commandHelp("where"))
        #expect(try CommandParser.parse("? sort") == .commandHelp("sort"))
    }

    @Test func hTabHelpReservedNamesAndTheScriptsAllHoldTheSameCommands() throws {
        let (launcher, _) = try Self.launcher()
        let help = HelpText.session(commands: [], anywhere: launcher.registry.commands, width: 200)
        let programHelp = ProgramHelp(launcher: launcher).text
        let completer = Completer(home: nil)
        let context = CompletionContext.current(
            stack: NavigationStack(
                root: .list(
                    launcher.registry.rootScreen(
                        context: DatasetContext(
                            cacheDirectory: URL(fileURLWithPath: "/nonexistent"), program: ProgramIdentity.underTest)))),
            registry: launcher.registry)
        let scripts = CompletionShell.allCases.map { CompletionScript(launcher: launcher).text(for: $0) }
        let manual = ManualPage(launcher: launcher, date: Date(timeIntervalSince1970: 0)).text
        for declaration in SessionCommands.all {
            #expect(help.contains("\n  " + declaration.synopsis + " "), "h lists \(declaration.synopsis)")
            #expect(manual.contains(".B " + ManualPage.escaped(declaration.synopsis)), "the manual has it")
            for title in declaration.titles {
                #expect(programHelp.contains("  " + title + "  ") || programHelp.contains("  " + title + "\n"))
            }
            for name in declaration.names {
                #expect(launcher.reservedNames[name] == "a session command", "\(name) is reserved")
            }
            guard let word = declaration.completionWord else { continue }
            let typed = String(word.prefix(3))
            #expect(
                completer.complete(typed, in: context).candidates.map(\.text).contains(word),
                "Tab completes \(typed) to \(word)")
            for script in scripts { #expect(script.contains(word), "-c completes \(word) in every shell") }
        }
        #expect(Completer.commandWords.contains("chart"))
        #expect(help.contains("chart [Y [BARS]] [by X]"))
        #expect(programHelp.contains("browse NAME --where EXPR"), "usage names every option that prints the view")
        for script in scripts {
            for verb in ["readings", "note"] { #expect(script.contains(verb)) }
            for option in Invocation.programOptions + [
                WeatherDataset.server.declaration, NoteSubcommand.day.declaration,
            ] {
                // fish spells an option `-l NAME`.
                #expect(
                    script.contains("--" + option.name) || script.contains("-l " + option.name + " "),
                    "the scripts know --\(option.name)")
            }
        }
        #expect(launcher.reservedNames["readings"] == "a command")
        #expect(launcher.reservedNames["note"] == "a subcommand")
    }

    @Test func theReadmesCommandTableHasEveryCommand() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "## Commands\n"))
        let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
        let table = text[start.upperBound..<end.lowerBound]
        for declaration in SessionCommands.all {
            let cell = "| `" + declaration.synopsis.replacingOccurrences(of: "|", with: "\\|") + "` |"
            #expect(table.contains(cell), "the README's table has \(declaration.synopsis)")
        }
    }

    @Test func hCommandShowsUsageAndExamples() throws {
        let (launcher, _) = try Self.launcher()
        let registry = launcher.registry
        let condition = try HelpText.command(named: "where", screen: [], registry: registry, width: 80)
        for part in [
            "where EXPR", "= != < <= > >=", "~ contains", "and, or, not", "double quotes", "is missing",
            "where close > 500", "also w",
        ] {
            #expect(condition.contains(part), "h where says \(part)")
        }
        #expect(try HelpText.command(named: "W", screen: [], registry: registry, width: 80) == condition)
        let chart = try HelpText.command(named: "chart", screen: [], registry: registry, width: 80)
        #expect(chart.contains("chart close volume by date"))
        let filter = try HelpText.command(named: "/", screen: [], registry: registry, width: 80)
        #expect(filter.hasPrefix("/TEXT — "))
        let readings = try HelpText.command(named: "readings", screen: [], registry: registry, width: 80)
        #expect(readings.contains("--server URL"), "a command's help names its dataset's options too")
        #expect(readings.contains("STATION"))
        let screen = ListCommand(name: "older", usage: "older [N]", summary: "fetch N more months") { _, _ in .none }
        #expect(
            try HelpText.command(named: "older", screen: [screen], registry: registry, width: 80).hasPrefix(
                "older [N] — fetch N more months"))
        #expect(throws: CommandError.noHelp("zz")) {
            try HelpText.command(named: "zz", screen: [], registry: registry, width: 80)
        }
        for line in condition.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 80) }
    }
}

/// A plug-in as a person new to ListKit writes one: stations, and the readings of one, from a
/// server that `--server URL` names for the dataset and its command alike.
struct WeatherDataset: Dataset {
    static let server = TypedOption.url("server", summary: "where the readings come from")
    static let hours = TypedOption.integer("hours", in: 1...48, summary: "the last N hours")

    var id: String { "weather" }
    var title: String { "Weather" }
    var summary: String { "stations and their readings" }
    var options: [OptionDeclaration] { [Self.server.declaration] }

    var commands: [DatasetCommand] {
        [
            DatasetCommand(
                name: "readings", usage: "readings STATION [--hours N]", summary: "one station's readings",
                arguments: [
                    ArgumentDeclaration("STATION", summary: "a station's number") { _ in ["466920", "467410"] }
                ],
                options: [Self.hours.declaration]
            ) { arguments, context in
                let station = arguments.positionals.first ?? ""
                let server = try arguments.options.value(Self.server) ?? URL(string: "https://example.com")
                let hours = try arguments.options.value(Self.hours) ?? 24
                let shared = try context.options.value(Self.server)
                let items =
                    [Reading(id: "\(station) from \(server?.absoluteString ?? "") for \(hours) h")]
                    + (shared.map { [Reading(id: "context: \($0.absoluteString)")] } ?? [])
                return GenericListController(title: "readings \(station)", items: items) {
                    (row: inout BasicRow, item) in
                    row.text = .text(item.id)
                } select: { _ in
                    .none
                }
            }
        ]
    }

    @MainActor func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let server = try context.options.value(Self.server)
        let items = [Reading(id: "stations of \(server?.absoluteString ?? "the default server")")]
        return GenericListController(title: id, items: items) { (row: inout BasicRow, item) in
            row.text = .text(item.id)
        } select: { _ in
            .none
        }
    }

    struct Reading: Identifiable, Sendable {
        let id: String
    }
}

/// A subcommand with a typed option of its own.
struct NoteSubcommand: Subcommand {
    static let day = TypedOption.date("day", summary: "the day of the note")
    var name: String { "note" }
    var synopsis: String { "TEXT [--day yyyy-mm-dd]" }
    var summary: String { "writes a note" }
    var options: [OptionDeclaration] { [Self.day.declaration] }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        let day = try invocation.datasetOptions.value(Self.day)
        try environment.output.write(
            "note \(invocation.arguments.joined(separator: " ")) on \(day?.description ?? "no day")\n")
        return .success
    }
}
