import BrowseSupport
import Foundation
import ListKitNetworking

/// Where a file dataset's bytes come from.
public enum FileLocation: Sendable, Hashable {
    /// A file (or anything `open` can read: a FIFO, `/dev/stdin`).
    case path(String)
    /// An `http` or `https` URL.
    case url(URL)
    /// Standard input (`browse -`).
    case standardInput

    /// What a name on the command line or after `open` refers to, or `nil` when it is neither
    /// `-`, an http(s) URL nor an existing path.
    ///
    /// A symbolic link counts as existing even when it leads nowhere or in a loop: opening it
    /// then says which.
    ///
    /// - Complexity: One `stat` call.
    public init?(name: String) {
        if name == "-" {
            self = .standardInput
            return
        }
        let lowered = name.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: name), let host = url.host, !host.isEmpty else { return nil }
            self = .url(HTTPClient.normalized(url))
            return
        }
        var path = name
        if lowered.hasPrefix("file://"), let url = URL(string: name), url.isFileURL { path = url.path }
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            path = home + path.dropFirst()
        }
        var status = stat()
        guard FileManager.default.fileExists(atPath: path) || lstat(path, &status) == 0 else { return nil }
        self = .path(path)
    }

    /// A short name for titles and messages: the file's name, or `stdin`.
    public var displayName: String {
        switch self {
        case .path(let path):
            let name = (path as NSString).lastPathComponent
            return name.isEmpty ? path : name
        case .url(let url):
            let name = url.lastPathComponent
            return name.isEmpty || name == "/" ? (url.host ?? url.absoluteString) : name
        case .standardInput:
            return "stdin"
        }
    }

    /// The whole name, for messages about the source: the path, the URL (its password hidden),
    /// or `standard input`.
    public var fullName: String {
        switch self {
        case .path(let path): return path
        case .url(let url): return PasswordRedaction.redacting(url)
        case .standardInput: return "standard input"
        }
    }

    /// The extension of the file's name (`csv`), when it has one.
    var pathExtension: String? {
        let name: String
        switch self {
        case .path(let path): name = path
        case .url(let url): name = url.path
        case .standardInput: return nil
        }
        let ext = (name as NSString).pathExtension
        return ext.isEmpty ? nil : ext
    }
}
