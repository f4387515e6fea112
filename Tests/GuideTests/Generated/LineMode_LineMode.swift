// Generated from Sources/LineMode/LineMode.docc/LineMode.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import BrowseSupport
import LineMode
import ListKit

// Sources/LineMode/LineMode.docc/LineMode.md, block 1

/// The program every example below runs: its name is in its help, its messages, its cache
/// folder and its User-Agent.
let bookshelfProgram = ProgramIdentity(
    name: "bookshelf", version: "1.0.0", summary: "the books on our shelf")

// Sources/LineMode/LineMode.docc/LineMode.md, block 2
@MainActor private func lineModeLineModeMain2() async {
    // main.swift

    await Launcher.main(identity: bookshelfProgram, datasets: [BookshelfDataset()])
}

// Sources/LineMode/LineMode.docc/LineMode.md, block 3

/// `bookshelf count`: how many books the shelf holds.
struct CountSubcommand: Subcommand {
    var name: String { "count" }
    var synopsis: String { "" }
    var summary: String { "print how many books the shelf holds" }
    var options: [OptionDeclaration] { [] }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        try environment.output.write("\(Book.shelf.count) books\n")
        return .success
    }
}

// Sources/LineMode/LineMode.docc/LineMode.md, block 4

/// Runs the program on `arguments` and returns its exit status, standard output and standard
/// error.
@MainActor
func runBookshelf(_ arguments: [String]) async throws -> (ExitCode, String, String) {
    let output = StringSink()
    let errors = StringSink()
    var launcher = Launcher(
        identity: bookshelfProgram, registry: try DatasetRegistry([BookshelfDataset()]),
        terminal: TerminalInfo(environment: [:]), output: output, errors: errors)
    launcher.subcommands = [CountSubcommand()]
    let status = await launcher.run(arguments: arguments)
    return (status, output.text, errors.text)
}
