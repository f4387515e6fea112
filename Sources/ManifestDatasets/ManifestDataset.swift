import BrowseSupport
import DatabaseDatasets
import FileDatasets
import Foundation
import ListKit
import ListKitNetworking
import Synchronization

/// A dataset a manifest describes: its table (picked columns, sort) from a file, a pattern of
/// files or a URL, and its drill into another dataset or a URL.
package struct ManifestDataset: Dataset {
    package let loaded: LoadedManifest
    /// Finds the dataset a drill opens, among all the program offers.
    let lookup: DatasetLookup

    /// How long a downloaded copy answers without a request when the manifest does not say.
    package static let defaultFreshness = DownloadFreshness.lasts(seconds: 3600)

    package init(_ loaded: LoadedManifest, lookup: DatasetLookup) {
        self.loaded = loaded
        self.lookup = lookup
    }

    package var manifest: Manifest { loaded.manifest }
    package var id: String { manifest.id }
    package var title: String { manifest.title }
    package var summary: String { manifest.summary ?? "from \(PasswordRedaction.redacting(manifest.source.location))" }
    package var listMark: String? { "*" }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let recipe = try Self.recipe(for: manifest, beside: loaded.path)
        if case .location(.path(let path)) = recipe.input, DatabaseRecipe.isDatabase(path) {
            return try databaseScreen(path: path, context: context)
        }
        let freshness = manifest.source.freshness.flatMap(DownloadFreshness.init(parsing:)) ?? Self.defaultFreshness
        let key = "manifests/\(manifest.id)"
        var drill: (@MainActor ([NamedCell]) throws -> Selection?)?
        if let described = manifest.drill {
            let drilling = ManifestDrilling(drill: described, lookup: lookup, context: context)
            drill = { cells in try drilling.selection(for: cells) }
        }
        let fetcher: @Sendable (LoadRequest) -> any HTTPFetching = { request in
            CachingFetcher(context: context, request: request, key: key, freshness: freshness)
        }
        return recipe.screen(fetcher: fetcher, maxInputBytes: context.maxInputBytes, drill: drill)
    }

    /// A SQLite file's table or query, browsed in place with the manifest's columns, sort and
    /// drill.
    @MainActor
    private func databaseScreen(path: String, context: DatasetContext) throws -> any ListScreen {
        var recipe = DatabaseRecipe(path: path, table: manifest.source.table, query: manifest.source.query)
        recipe.title = manifest.id
        recipe.columns = manifest.columns?.map(\.name)
        recipe.sort = manifest.sort.flatMap(ManifestRules.sortOrder)
        if let described = manifest.drill {
            let drilling = ManifestDrilling(drill: described, lookup: lookup, context: context)
            recipe.drill = { cells in try drilling.selection(for: cells) }
        }
        return try recipe.screen()
    }

    /// The table a manifest describes.
    ///
    /// - Throws: `ManifestRules.OptionProblem` when a file option cannot work (checked already
    ///   when the manifest was read).
    /// - Parameter manifestPath: The manifest's file: a relative source path is read from its folder.
    static func recipe(for manifest: Manifest, beside manifestPath: String) throws -> TableRecipe {
        var source = manifest.source
        if !source.isURL, !source.location.hasPrefix("/"), !source.location.hasPrefix("~") {
            source.location = ((manifestPath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(source.location)
        }
        let options = try ManifestRules.fileOptions(
            format: source.format, delimiter: source.delimiter, encoding: source.encoding, header: source.header,
            table: source.table, fields: source.fields)
        let input: TableRecipe.Input
        if FilePattern.isPattern(source.location), !source.isURL {
            input = .files(pattern: source.location, fileColumn: source.fileColumn ?? "file")
        } else if source.isURL, let url = URL(string: source.location) {
            input = .location(.url(HTTPClient.normalized(url)))
        } else {
            var path = source.location
            if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
                path = home + path.dropFirst()
            }
            input = .location(.path(path))
        }
        let columns = manifest.columns?.map { column in
            PickedColumn(column.name, title: column.title, kind: column.kind.flatMap(ColumnKind.init(rawValue:)))
        }
        return TableRecipe(
            name: manifest.id, input: input, options: options, columns: columns,
            sort: manifest.sort.flatMap(ManifestRules.sortOrder))
    }
}

/// The datasets a program offers, filled in once they are all known, for drills to find
/// their targets by id.
package final class DatasetLookup: Sendable {
    private let datasets = Mutex<[String: any Dataset]>([:])

    package init() {}

    /// Makes `all` the datasets drills may open.
    package func set(_ all: [any Dataset]) {
        datasets.withLock { table in
            table = Dictionary(all.map { ($0.id.lowercased(), $0) }) { first, _ in first }
        }
    }

    /// The dataset whose id is `id`, without case.
    package func dataset(_ id: String) -> (any Dataset)? {
        datasets.withLock { $0[id.lowercased()] }
    }
}

/// Downloads a manifest's URL through the cache, with the freshness it asks for, saying on the
/// load's progress what a person should know (a stale copy shown because a refresh failed).
struct CachingFetcher: HTTPFetching {
    let client: any HTTPFetching
    let downloader: CachedDownloader
    let request: LoadRequest
    let key: String
    let freshness: DownloadFreshness

    init(context: DatasetContext, request: LoadRequest, key: String, freshness: DownloadFreshness) {
        self.client = context.httpClient
        self.downloader = context.downloader
        self.request = request
        self.key = key
        self.freshness = freshness
    }

    func get(_ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError) -> FetchedResponse {
        let download = try await downloader.fetch(
            url, key: CachedDownloader.key(for: url, under: key), freshness: freshness, refresh: request.refresh,
            progress: progress)
        for note in download.notes { request.progress.note(note) }
        if download.provenance.fromCache, downloader.offline {
            request.progress.note(
                "offline: \(PasswordRedaction.redacting(url)) from the copy fetched \(download.provenance.age(now: downloader.now()))"
            )
        }
        return FetchedResponse(url: url, status: 200, headers: [:], body: download.body)
    }

    func markBlocked(host: String, reason: String) { client.markBlocked(host: host, reason: reason) }
    func blockReason(host: String) -> String? { client.blockReason(host: host) }
}
