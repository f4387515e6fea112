import Foundation

/// A path whose last component may hold `*`, `?` and `[…]` (`~/exports/orders-*.csv`): the
/// files it names, for sources read as one table.
public enum FilePattern {
    /// True when `path`'s last component has a wildcard.
    public static func isPattern(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.contains { "*?[".contains($0) }
    }

    /// The regular files `pattern` matches, sorted by name; a leading `~/` is the home folder.
    /// Wildcards are read in the last component only (the folder is taken as written), and
    /// a name starting with `.` is matched only by a pattern starting with `.`.
    ///
    /// - Complexity: One listing of the folder.
    public static func expand(_ pattern: String, home: String? = ProcessInfo.processInfo.environment["HOME"])
        -> [String]
    {
        var path = pattern
        if path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return listed.sorted().compactMap { entry in
            guard fnmatch(name, entry, FNM_PERIOD) == 0 else { return nil }
            let full = folder.isEmpty ? entry : (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                return nil
            }
            return full
        }
    }
}
