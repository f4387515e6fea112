#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a path names a SQLite file: one that starts with the header every SQLite file
/// starts with. A name (`.db`, `.sqlite`, `.sqlite3`) alone does not make one: a `.db` of comma
/// separated text opens as text.
enum SQLiteFileSniffer {
    static let header = Array("SQLite format 3\0".utf8)
    static let extensions: Set<String> = ["db", "sqlite", "sqlite3"]

    /// True when `path` is a regular file that starts with SQLite's header, or one with a
    /// SQLite name that cannot be read (SQLite then says why, as for a database).
    static func isSQLite(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard let file = fopen(path, "rb") else { return hasSQLiteName(path) }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let read = fread(&bytes, 1, bytes.count, file)
        return read == header.count && bytes == header
    }

    /// True when the name ends in one of SQLite's ``extensions``.
    static func hasSQLiteName(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }
}
