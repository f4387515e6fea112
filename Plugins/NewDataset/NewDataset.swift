import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-dataset NAME [--from-csv FILE | --from-json FILE]`,
/// or `new-dataset [NAME] --from-manifest FILE` (the typed dataset a browse manifest describes)
///
/// A thin plugin: the work is done by `new-dataset-tool`, an executable target with unit tests.
@main
struct NewDataset: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "new-dataset-tool")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["--package", context.package.directoryURL.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("new-dataset failed (see the message above); nothing was changed")
            throw NewDatasetFailed()
        }
    }
}

struct NewDatasetFailed: Error, CustomStringConvertible {
    var description: String { "new-dataset failed" }
}
