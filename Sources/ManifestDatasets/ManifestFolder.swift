import BrowseSupport
import FileDatasets
import Foundation
import ListKit
import ListKitNetworking
import Tabular

/// Writes, finds, removes and checks the manifests of a folder: the work of `add-dataset`,
/// `remove-dataset` and `check-datasets`.
package struct ManifestFolder: Sendable {
    package let folder: URL

    package init(_ folder: URL) {
        self.folder = folder
    }

    /// The file of the manifest whose id is `id`, found by reading each file's `id` (a
    /// manifest that fails its checks is found too, so it can be removed).
    package func file(of id: String) -> String? {
        ManifestCatalog.files(in: folder).first { path in
            guard let bytes = try? ManifestReader.bytes(at: path), let root = try? JSONReader.parse(bytes) else {
                return false
            }
            return root["id"]?.string == id
        }
    }

    /// Opens `manifest`'s source once, fills in the columns it found, and writes the manifest
    /// as `ID.json`, never over an existing file.
    ///
    /// - Returns: The file written and the columns found.
    /// - Throws: `ManifestProblem` for a manifest that breaks a rule, an id that is taken, a
    ///   source that cannot be read, or a folder that cannot be written.
    package func add(
        _ manifest: Manifest, reserved: [String: String], context: DatasetContext, progress: ProgressReporter
    ) async throws -> (path: String, columns: [String]) {
        let path = folder.appendingPathComponent("\(manifest.id).json").path
        var draft = manifest
        let bytes = Array(ManifestText.json(draft).utf8)
        let loaded = try ManifestReader.read(bytes, path: path)
        if let what = reserved[manifest.id.lowercased()] {
            throw loaded.problem(["id"], "\"\(manifest.id)\" is \(what); choose another id")
        }
        if let existing = file(of: manifest.id) {
            throw ManifestProblem(
                file: (existing as NSString).lastPathComponent,
                message: "already describes \(manifest.id); remove-dataset \(manifest.id) first, or choose another id")
        }
        let table: FileTable
        do {
            table = try await Self.openSource(loaded, context: context, progress: progress)
        } catch {
            // No manifest was written: the source is what to name, not a file that is not there.
            throw ManifestProblem(
                file: PasswordRedaction.redacting(manifest.source.location),
                message: "\(error); \(manifest.id) was not added")
        }
        draft.columns = table.columns.map { ManifestColumn(name: $0.name) }
        let text = ManifestText.json(draft)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(manifest.id).json.\(getpid()).tmp")
            try Data(text.utf8).write(to: temporary)
            defer { try? FileManager.default.removeItem(at: temporary) }
            // A link, unlike a rename, fails when the name is taken: an existing manifest is never replaced.
            try FileManager.default.linkItem(at: temporary, to: URL(fileURLWithPath: path))
        } catch {
            throw ManifestProblem(
                file: path, message: "could not be written: \((error as NSError).localizedDescription)")
        }
        return (path, table.columns.map(\.name))
    }

    /// Opens a manifest's source (a URL through the cache, offline when the context says so).
    ///
    /// - Throws: `ManifestProblem` at `source` saying why the source cannot be read.
    static func open(_ loaded: LoadedManifest, context: DatasetContext, progress: ProgressReporter) async throws
        -> FileTable
    {
        let manifest = loaded.manifest
        do {
            return try await openSource(loaded, context: context, progress: progress)
        } catch {
            let key = manifest.source.hasOptions ? ["source", manifest.source.isURL ? "url" : "path"] : ["source"]
            throw loaded.problem(
                key, "cannot be read (\(PasswordRedaction.redacting(manifest.source.location))): \(error)")
        }
    }

    /// Opens a manifest's source, throwing what the reading threw.
    private static func openSource(
        _ loaded: LoadedManifest, context: DatasetContext, progress: ProgressReporter
    ) async throws -> FileTable {
        let manifest = loaded.manifest
        var bare = manifest
        bare.columns = nil
        bare.sort = nil
        let recipe = try ManifestDataset.recipe(for: bare, beside: loaded.path)
        let request = LoadRequest(progress: progress, refresh: false, batch: [])
        let freshness =
            manifest.source.freshness.flatMap(DownloadFreshness.init(parsing:)) ?? ManifestDataset.defaultFreshness
        return try await recipe.load(
            fetcher: {
                CachingFetcher(
                    context: context, request: request, key: "manifests/\(manifest.id)", freshness: freshness)
            }, progress: progress, maxInputBytes: context.maxInputBytes
        ).0
    }

    /// Every manifest of the folder checked, its source opened too: what `check-datasets`
    /// prints. Each manifest gives one line: `ok ID (FILE): N columns, M rows`, or its problem.
    package func check(
        reserved: [String: String], builtIn: Set<String>, context: DatasetContext, progress: ProgressReporter
    ) async -> (good: [String], problems: [ManifestProblem]) {
        let catalog = ManifestCatalog.load(folder: folder, reserved: reserved, builtIn: builtIn)
        var good: [String] = []
        var problems = catalog.problems
        for loaded in catalog.manifests {
            do {
                let table = try await Self.open(loaded, context: context, progress: progress)
                if let problem = Self.columnProblem(loaded, found: table.columns.map(\.name)) {
                    problems.append(problem)
                    continue
                }
                let columns = loaded.shownColumns?.count ?? table.columns.count
                good.append(
                    "ok \(loaded.manifest.id) (\(loaded.fileName)): \(columns) columns, \(table.rowCount) rows")
            } catch let problem as ManifestProblem {
                problems.append(problem)
            } catch {
                problems.append(loaded.problem(["source"], "\(error)"))
            }
        }
        return (good, problems)
    }

    /// A column the manifest names that the opened source does not have.
    static func columnProblem(_ loaded: LoadedManifest, found: [String]) -> ManifestProblem? {
        let manifest = loaded.manifest
        let list = found.prefix(12).joined(separator: ", ") + (found.count > 12 ? ", …" : "")
        for (index, column) in (manifest.columns ?? []).enumerated() where !found.contains(column.name) {
            let near = Suggestion.nearest(to: column.name, among: found).map { "did you mean `\($0)`? " } ?? ""
            return loaded.problem(
                ["columns", String(index)],
                "names column `\(column.name)`, which the source does not have; \(near)columns: \(list)")
        }
        let shown = loaded.shownColumns ?? found
        if let drill = manifest.drill {
            for (name, text) in [("where", drill.where), ("url", drill.url), ("title", drill.title)] {
                guard let text, let template = try? RowTemplate(text) else { continue }
                for column in template.columns where !shown.contains(column) {
                    return loaded.problem(
                        ["drill", name],
                        "names column `\(column)`, which the source does not have; columns: "
                            + shown.prefix(12).joined(separator: ", "))
                }
            }
        }
        if manifest.columns == nil, let sort = manifest.sort.flatMap(ManifestRules.sortOrder),
            !found.contains(sort.column)
        {
            return loaded.problem(
                ["sort"], "names column `\(sort.column)`, which the source does not have; columns: \(list)")
        }
        return nil
    }
}
