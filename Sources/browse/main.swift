import CustomDatasets
import DemoDatasets
import FileDatasets
import Foundation
import LineMode
import ListKit
import TWStock

// Wiring only: the registry of datasets and the front end. Everything else lives in the libraries.
Signals.ignoreBrokenPipe()
MemoryPolicy.returnLargeBlocksToTheSystem()
Interrupts.shared.install()
let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "import" {
    exit(ImportCommand.run(Array(arguments.dropFirst()), environment: environment).rawValue)
}

let registry: DatasetRegistry
do {
    registry = try DatasetRegistry([CompaniesDataset(), TicksDataset()] + DemoDatasets.all + CustomDatasets.all)
} catch {
    FileHandle.standardError.write(Data("browse: \(error)\n".utf8))
    exit(ExitCode.failure.rawValue)
}
var launcher = Launcher(
    registry: registry,
    terminal: TerminalInfo.current(environment: environment),
    output: FileDescriptorSink(descriptor: STDOUT_FILENO),
    errors: FileDescriptorSink(descriptor: STDERR_FILENO))
launcher.datasetOptions =
    [
        Invocation.DatasetOption(
            name: "market", takesValue: true, usage: "--market listed|otc|emerging   companies of one market only")
    ]
    + FileOptions.declared.map { Invocation.DatasetOption(name: $0.name, takesValue: $0.takesValue, usage: $0.usage) }
// Names that are not datasets open as files, URLs or standard input (`-`).
let files = FileOpener()
launcher.opener = { name, context in
    do throws(FileOpenError) {
        return try files.screen(for: name, context: context)
    } catch {
        switch error {
        // The same words at the command line and after `open` in a session.
        case .notFound: throw UsageError.unknownDataset(name, datasets: registry.ids)
        case .badOption(let option, let value, let expected):
            throw UsageError.badValue(option: option, value: value, expected: expected)
        }
    }
}
let code = await launcher.run(arguments: arguments)
exit(code.rawValue)
