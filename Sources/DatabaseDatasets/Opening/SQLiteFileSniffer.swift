#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a path names a SQLite file: by its name (`.db`, `.sqlite`, `.sqlite3`) or by the
/// header every SQLite file starts with.
enum SQLiteFileSniffer {
    static let header = Array("SQLite format 3\0".utf8)
    static let extensions: Set<String> = ["db", "sqlite", "sqlite3"]

    /// True when `path` is a regular file that starts with SQLite's header, or an existing file
    /// with a SQLite name (an empty `.db` is opened, and its error said, as a database's).
    static func isSQLite(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        if let dot = path.lastIndex(of: "."), extensions.contains(path[path.index(after: dot)...].lowercased()),
            !path[path.index(after: dot)...].contains("/")
        {
            return true
        }
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let read = fread(&bytes, 1, bytes.count, file)
        return read == header.count && bytes == header
    }
}
