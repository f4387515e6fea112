import Foundation
import LineMode
import ListKit

// A browser of our own: our dataset, browse's line-mode front end.
Signals.ignoreBrokenPipe()
Interrupts.shared.install()
do {
    let registry = try DatasetRegistry([BookshelfDataset()])
    let launcher = Launcher(
        registry: registry,
        terminal: TerminalInfo.current(environment: ProcessInfo.processInfo.environment),
        output: FileDescriptorSink(descriptor: STDOUT_FILENO),
        errors: FileDescriptorSink(descriptor: STDERR_FILENO))
    let code = await launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
    exit(code.rawValue)
} catch {
    FileHandle.standardError.write(Data("custom-browser: \(error)\n".utf8))
    exit(ExitCode.failure.rawValue)
}
