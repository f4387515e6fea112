import DemoDatasets
import Foundation
import LineMode
import ListKit

// Wiring only: the registry of datasets and the front end. Everything else lives in the libraries.
Signals.ignoreBrokenPipe()

let registry: DatasetRegistry
do {
    registry = try DatasetRegistry(DemoDatasets.all)
} catch {
    FileHandle.standardError.write(Data("browse: \(error)\n".utf8))
    exit(ExitCode.failure.rawValue)
}
let launcher = Launcher(
    registry: registry,
    terminal: TerminalInfo.current(environment: ProcessInfo.processInfo.environment),
    output: FileDescriptorSink(descriptor: STDOUT_FILENO),
    errors: FileDescriptorSink(descriptor: STDERR_FILENO))
let code = await launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
