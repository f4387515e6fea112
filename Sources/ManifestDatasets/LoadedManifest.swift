import BrowseSupport
import FileDatasets
import Foundation
import ListKit
import ListKitNetworking
import Tabular

/// A manifest read from its file, with what it means for the table: the recipe's options, the
/// columns, the sort, the templates, and where each key is in the file.
package struct LoadedManifest: Sendable {
    package let manifest: Manifest
    /// The file, as found.
    package let path: String
    let positions: SourcePositions

    /// The file's name, for messages.
    package var fileName: String { (path as NSString).lastPathComponent }

    /// A problem at `key` (`drill.where`), placed at the key's value.
    func problem(_ key: [String], _ message: String, atKey: Bool = false) -> ManifestProblem {
        let place = atKey ? positions.place(ofKey: key) : positions.place(of: key)
        return ManifestProblem(
            file: fileName, line: place.line, column: place.column, key: key.joined(separator: "."), message: message)
    }

    /// The columns the dataset shows, when the manifest lists them.
    package var shownColumns: [String]? { manifest.columns?.map(\.shownName) }
}

/// Reads one manifest file: JSON through the project's reader, then `Codable` types, then the
/// checks that need nothing but the manifest itself.
package enum ManifestReader {
    /// The most a manifest file may hold: it is a few lines of settings.
    package static let maximumBytes = 1 << 20

    /// Reads the manifest at `path`.
    ///
    /// - Throws: `ManifestProblem` naming the file, the line and column, and the key.
    package static func read(path: String) throws(ManifestProblem) -> LoadedManifest {
        try read(try bytes(at: path), path: path)
    }

    /// The bytes of the manifest file at `path`, at most ``maximumBytes``.
    ///
    /// Only a regular file is read: a folder or a FIFO named `*.json` is one problem, never a
    /// wait (a FIFO is opened without waiting for a writer, then refused).
    ///
    /// - Throws: `ManifestProblem` saying what the path is, or why it cannot be read.
    static func bytes(at path: String) throws(ManifestProblem) -> [UInt8] {
        let name = (path as NSString).lastPathComponent
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == EACCES ? "check its permissions" : SystemErrorText.describe(errno: code)
            throw ManifestProblem(file: name, message: "cannot be read: \(reason)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ManifestProblem(file: name, message: "cannot be read: \(SystemErrorText.describe(errno: errno))")
        }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = ""
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (a named pipe)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a regular file"
        }
        guard kind.isEmpty else {
            throw ManifestProblem(file: name, message: "is \(kind), not a manifest; a manifest is a JSON file")
        }
        let read: (bytes: [UInt8], truncated: Bool)
        do {
            read = try SystemIO.readAll(descriptor, limit: maximumBytes + 1)
        } catch {
            throw ManifestProblem(file: name, message: "cannot be read: \(error.description)")
        }
        guard read.bytes.count <= maximumBytes else {
            throw ManifestProblem(file: name, message: "is over 1 MB; a manifest is a few lines of JSON")
        }
        return read.bytes
    }

    /// Reads a manifest from its bytes; `path` names it in messages.
    ///
    /// - Throws: `ManifestProblem`.
    package static func read(_ bytes: [UInt8], path: String) throws(ManifestProblem) -> LoadedManifest {
        let name = (path as NSString).lastPathComponent
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw ManifestProblem(file: name, line: error.line, column: error.column, message: error.message)
        }
        let positions = SourcePositions(bytes: bytes, root: root)
        let manifest: Manifest
        do {
            manifest = try JSONValueDecoder.decode(Manifest.self, from: root)
        } catch let failure as JSONDecodingFailure {
            let place = failure.atKey ? positions.place(ofKey: failure.path) : positions.place(of: failure.path)
            throw ManifestProblem(
                file: name, line: place.line, column: place.column,
                key: failure.path.isEmpty ? nil : failure.path.joined(separator: "."), message: failure.message)
        } catch {
            throw ManifestProblem(file: name, message: "cannot be read: \(error)")
        }
        let loaded = LoadedManifest(manifest: manifest, path: path, positions: positions)
        try ManifestRules.check(loaded)
        return loaded
    }
}

extension LoadedManifest {
    /// The dataset's table as its screen shows it: the kept columns under their titles, the
    /// rows in the manifest's order. For tools (the new-dataset plugin) that turn a manifest
    /// into code.
    ///
    /// - Parameters:
    ///   - context: The cache folder and whether to go online, for a URL source.
    ///   - progress: Receives the load's progress and notes.
    /// - Throws: What reading the source threw (`FileLoadError`, `TableRecipeError`).
    package func table(context: DatasetContext, progress: ProgressReporter) async throws
        -> (table: FileTable, rows: [FileRow])
    {
        let recipe = try ManifestDataset.recipe(for: manifest, beside: path)
        let request = LoadRequest(progress: progress, refresh: false, batch: [])
        let freshness =
            manifest.source.freshness.flatMap(DownloadFreshness.init(parsing:)) ?? ManifestDataset.defaultFreshness
        let key = "manifests/\(manifest.id)"
        let (table, ordered) = try await recipe.load(
            fetcher: { CachingFetcher(context: context, request: request, key: key, freshness: freshness) },
            progress: progress, maxInputBytes: context.maxInputBytes)
        return (table, ordered ?? table.fileOrder)
    }
}
