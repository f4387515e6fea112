import CustomDatasets
import DemoDatasets
import Foundation
import LineMode
import ListKit
import TWStock

// Wiring only: the registry of datasets and the front end. Everything else lives in the libraries.
Signals.ignoreBrokenPipe()
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
launcher.datasetOptions = [
    Invocation.DatasetOption(
        name: "market", takesValue: true, usage: "--market listed|otc|emerging   companies of one market only")
]
let code = await launcher.run(arguments: arguments)
exit(code.rawValue)
