import BrowseSupport
import FileDatasets
import Foundation
import LineMode
import ListKit
import ManifestDatasets

/// The manifest folder a subcommand works in: `--datasets DIR` or the default.
@MainActor
private func manifestFolder(_ invocation: Invocation, _ environment: ProgramEnvironment) throws -> ManifestFolder {
    guard
        let folder = ManifestCatalog.folder(
            explicit: invocation.datasetOptions["datasets"], environment: environment.context.environment,
            program: environment.context.program.name)
    else {
        throw UsageError.conflicting("there is no home folder for manifests: give one with --datasets DIR")
    }
    return ManifestFolder(folder)
}

/// `browse add-dataset ID SOURCE [--title T] [file options]`: writes a manifest after opening
/// the source once; the columns it found are written in, ready to edit.
struct AddDatasetSubcommand: Subcommand {
    /// Names the new id may not take.
    let reserved: @MainActor () -> [String: String]

    var name: String { "add-dataset" }
    var synopsis: String { "ID FILE|PATTERN|URL [--title T] [--summary S] [file options]" }
    var summary: String { "describe a file, files or a URL as a dataset, in a manifest (no compiling)" }
    var options: [OptionDeclaration] {
        [
            OptionDeclaration("title", value: "T", summary: "the title the dataset list shows (default: the id)"),
            OptionDeclaration("summary", value: "S", summary: "one line on what the dataset holds"),
            OptionDeclaration(
                "freshness", value: "30m|6h|1d|forever", summary: "how long a downloaded copy answers (default 1h)"),
            ManifestProvider.option(program: "browse"),
        ] + FileOptions.declared
    }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        guard invocation.arguments.count == 2 else {
            throw UsageError.conflicting("add-dataset needs an id and a source: browse add-dataset ID FILE|URL")
        }
        let folder = try manifestFolder(invocation, environment)
        let given = invocation.datasetOptions
        // A path on the command line is the shell's, from the current folder; in the manifest a
        // relative path would be read from the manifest's folder, so it is written whole.
        var source = ManifestSource(location: Self.fromCurrentFolder(invocation.arguments[1]))
        source.format = given["format-in"]
        source.delimiter = given["delimiter"]
        source.encoding = given["encoding"]
        source.header = given["no-header"] == nil ? nil : false
        source.table = given["json-path"]
        source.fields = given["json-fields"]
        source.freshness = given["freshness"]
        let id = invocation.arguments[0]
        let manifest = Manifest(id: id, title: given["title"] ?? id, summary: given["summary"], source: source)
        let (path, columns) = try await folder.add(
            manifest, reserved: reserved(), context: environment.context, progress: ProgressReporter())
        try environment.output.write(
            "added \(VisibleText.make(id)): \(VisibleText.make(path)), \(columns.count) columns: "
                + VisibleText.make(columns.joined(separator: ", ")) + "\n")
        return .success
    }

    /// `location` as the current folder reads it: a relative path (or pattern) made whole; a
    /// URL and a whole path as they are.
    static func fromCurrentFolder(_ location: String) -> String {
        guard !location.contains("://"), !location.hasPrefix("/"), !location.isEmpty else { return location }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(location).standardizedFileURL.path
    }
}

/// `browse remove-dataset ID`: removes the manifest of ID.
struct RemoveDatasetSubcommand: Subcommand {
    var name: String { "remove-dataset" }
    var synopsis: String { "ID [--datasets DIR]" }
    var summary: String { "remove the manifest of a dataset added with add-dataset" }
    var options: [OptionDeclaration] { [ManifestProvider.option(program: "browse")] }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        guard invocation.arguments.count == 1, let id = invocation.arguments.first else {
            throw UsageError.conflicting("remove-dataset needs one id: browse remove-dataset ID")
        }
        let folder = try manifestFolder(invocation, environment)
        guard let path = folder.file(of: id) else {
            environment.messages.note(
                "no manifest in \(folder.folder.path) describes \(id); browse --list lists the datasets")
            return .failure
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            environment.messages.note("could not remove \(path): \((error as NSError).localizedDescription)")
            return .failure
        }
        try environment.output.write("removed \(VisibleText.make(id)): \(VisibleText.make(path))\n")
        return .success
    }
}

/// `browse check-datasets`: checks every manifest, opening its source, and prints one line for
/// each: `ok …`, or what is wrong. Exit 1 when any is wrong.
struct CheckDatasetsSubcommand: Subcommand {
    let reserved: @MainActor () -> [String: String]
    let builtIn: Set<String>

    var name: String { "check-datasets" }
    var synopsis: String { "[--datasets DIR]" }
    var summary: String { "check every manifest (and open its source); one line each" }
    var options: [OptionDeclaration] { [ManifestProvider.option(program: "browse")] }

    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode {
        guard invocation.arguments.isEmpty else {
            throw UsageError.unexpectedArgument(invocation.arguments[0])
        }
        let folder = try manifestFolder(invocation, environment)
        let (good, problems) = await folder.check(
            reserved: reserved(), builtIn: builtIn, context: environment.context, progress: ProgressReporter())
        for line in good { try environment.output.write(VisibleText.make(line) + "\n") }
        for problem in problems { environment.messages.note(problem.description) }
        let count = good.count + problems.count
        environment.messages.note(
            "\(count) manifest\(count == 1 ? "" : "s") in \(folder.folder.path): \(good.count) ok, \(problems.count) with problems"
        )
        return problems.isEmpty ? .success : .failure
    }
}
