import Foundation
import ListKit
import Testing

@testable import LineMode

/// An option is declared once with its type: the parser checks it, a dataset and its commands
/// read it, `--help` names its owner, and the program's options go before or after a verb.
@MainActor
@Suite struct TypedOptionTests {
    func run(_ arguments: [String]) async throws -> (ExitCode, String, String) {
        let output = StringSink()
        let errors = StringSink()
        var launcher = Launcher(
            identity: ProgramIdentity.underTest, registry: try DatasetRegistry([WeatherDataset()]),
            terminal: TerminalInfo(), output: output, errors: errors)
        launcher.subcommands = [NoteSubcommand()]
        let code = await launcher.run(arguments: arguments)
        return (code, output.text, errors.text)
    }

    @Test func aDatasetsOptionWorksForItsCommandOnTheCommandLine() async throws {
        let (code, output, errors) = try await run([
            "readings", "466920", "--server", "http://127.0.0.1:9/", "--hours", "6", "--format", "csv",
        ])
        #expect(errors.isEmpty)
        #expect(code == .success)
        #expect(output.contains("466920 from http://127.0.0.1:9/ for 6 h"), "the command reads it, typed")
        #expect(output.contains("context: http://127.0.0.1:9/"), "and so does its context")
        let (_, dataset, _) = try await run(["weather", "--server", "https://example.org/", "--format", "csv"])
        #expect(dataset.contains("stations of https://example.org/"), "the dataset reads the same option")
    }

    @Test func aDatasetsOptionWorksForItsCommandInASession() async throws {
        let (code, output, errors) = try await run(["-c", "readings 466920 --server http://127.0.0.1:9/"])
        #expect(errors.isEmpty)
        #expect(code == .success)
        #expect(output.contains("466920 from http://127.0.0.1:9/ for 24 h"))
    }

    @Test func aValueTheDeclarationRefusesIsAUsageError() async throws {
        let (code, _, errors) = try await run(["weather", "--server", "ftp://x"])
        #expect(code == .usage)
        #expect(errors == "browse: --server ftp://x: give an http or https URL\n")
        let (hoursCode, _, hoursErrors) = try await run(["readings", "1", "--hours", "0"])
        #expect(hoursCode == .usage)
        #expect(hoursErrors == "browse: --hours 0: give a number from 1 to 48\n")
        let (_, _, sessionErrors) = try await run(["-c", "readings 1 --hours many"])
        #expect(sessionErrors == "browse: --hours many: give a number from 1 to 48\n")
        let (dayCode, _, dayErrors) = try await run(["note", "hi", "--day", "2025-13-01"])
        #expect(dayCode == .usage)
        #expect(dayErrors == "browse: --day 2025-13-01: give a date as yyyy-mm-dd\n")
    }

    @Test func theProgramsOptionsGoBeforeOrAfterASubcommand() async throws {
        let (code, output, errors) = try await run(["--width", "90", "note", "hi", "--day", "2025-01-02"])
        #expect(errors.isEmpty)
        #expect(code == .success)
        #expect(output == "note hi on 2025-01-02\n")
        let (_, after, _) = try await run(["note", "hi", "--offline"])
        #expect(after == "note hi on no day\n")
        let datasets = OptionDeclaration("datasets", kind: .folder, summary: "manifests")
        let check = try Invocation.parse(
            ["--datasets", "/tmp/d", "check-datasets"], options: [datasets],
            subcommands: ["check-datasets": [datasets]])
        #expect(check.action == .subcommand("check-datasets"))
        #expect(check.datasetOptions["datasets"] == "/tmp/d")
        let literal = try Invocation.parse(["--", "note"], subcommands: ["note": []])
        #expect(literal.target == "note", "after -- a word is a name, not a subcommand")
    }

    @Test func helpNamesTheOwnerOfEachOption() async throws {
        let (_, help, _) = try await run(["--help"])
        #expect(help.contains("options of weather and readings:\n  --server URL  where the readings come from"))
        #expect(help.contains("browse readings STATION [--hours N]  one station's readings\n    --hours N"))
    }

    @Test func theCompletionScriptsAskTheProgram() async throws {
        let (_, codes, _) = try await run(["--complete", "argument", "readings"])
        #expect(codes == "466920\n467410\n")
        let (_, none, _) = try await run(["--complete", "argument", "readings", "466920"])
        #expect(none.isEmpty, "one station only")
        let (_, datasets, _) = try await run(["--complete", "datasets", "--width"])
        #expect(datasets == "weather\n", "an option still waiting for its value is left out")
        let (code, nothing, errors) = try await run(["--complete", "columns", "nosuch.csv"])
        #expect(code == .success && nothing.isEmpty && errors.isEmpty, "Tab offers nothing, quietly")
    }
}
