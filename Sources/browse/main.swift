import BrowseSupport
import CustomDatasets
import DatabaseDatasets
import DemoDatasets
import FileDatasets
import Foundation
import LineMode
import ListKit
import ManifestDatasets
import TWStock

// Wiring only: what the program offers, and the front end that drives it.
Signals.ignoreBrokenPipe()
Signals.cleanUpBeforeEnding()
MemoryPolicy.returnLargeBlocksToTheSystem()
Interrupts.shared.install()
let environment = ProcessInfo.processInfo.environment
let errors = FileDescriptorSink(descriptor: STDERR_FILENO)

// `BROWSE_DATASETS=builtin` leaves out the datasets added with `new-dataset`, so that the
// package's own transcript tests read the same in a copy that has added some.
let custom = environment["BROWSE_DATASETS"] == "builtin" ? [] : CustomDatasets.all
let registry: DatasetRegistry
do {
    registry = try DatasetRegistry(
        [
            CompaniesDataset(), TicksDataset(), InstitutionalDataset(), MarginDataset(),
            ValuationDataset(), DividendsDataset(), RevenueDataset(), TaiexDataset(),
        ] + DemoDatasets.all + custom)
} catch {
    MessageWriter(sink: errors, program: "browse").report(error, interactive: false)
    exit(ExitCode.failure.rawValue)
}
let identity = ProgramIdentity(
    name: "browse", version: BrowseVersion.current,
    summary: "browse lists in the terminal: datasets, CSV/TSV/JSON files and URLs")
var launcher = Launcher(
    identity: identity,
    registry: registry,
    terminal: TerminalInfo.current(environment: environment),
    output: FileDescriptorSink(descriptor: STDOUT_FILENO),
    errors: errors)
// Names that are not datasets open as SQLite files, other files, URLs or standard input (`-`).
launcher.opener = DatabaseOpener(fallback: FileOpener())
// Manifest ids may take no name the program already has: read from the launcher when a
// subcommand runs, so that every subcommand's name is among them.
let reserved: @MainActor () -> [String: String] = { launcher.reservedNames }
launcher.subcommands = [
    ImportSubcommand(), AddDatasetSubcommand(reserved: reserved), RemoveDatasetSubcommand(),
    CheckDatasetsSubcommand(reserved: reserved, builtIn: Set(registry.ids)),
]
launcher.provider = ManifestProvider(program: identity.name)
// A mirror of the exchanges (`BROWSE_TWSE_URL`, `BROWSE_MOPS_URL`, `BROWSE_TPEX_URL`,
// `BROWSE_MOPSOV_URL`) is read
// here, once; the datasets take their hosts from their context.
launcher.services.useExchangeMirrors(from: environment)
let code = await launcher.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
