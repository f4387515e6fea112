#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ExportFile {
    /// Removes the temporary files that exports which died left in `folder`: files named
    /// `.NAME.browse-XXXXXX`, regular, this user's, whose lock no live writer holds (a writer
    /// holds it from the file's making to its rename, and the system lets go of it however
    /// the writer ends).
    ///
    /// - Complexity: One pass over the folder's names; one `open` per name that matches.
    static func removeLeftovers(in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let owner = geteuid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isLeftoverName(name) else { continue }
            let path = folder + "/" + name
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var opened = stat()
            var named = stat()
            guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, opened.st_uid == owner,
                flock(descriptor, LOCK_EX | LOCK_NB) == 0,
                // Still the file that was locked, not one made under its name since.
                lstat(path, &named) == 0, named.st_ino == opened.st_ino, named.st_dev == opened.st_dev
            else { continue }
            unlink(path)
        }
    }

    /// Whether `name` is one `mkstemp` made for an export: `.`, a name, `.browse-` and six
    /// letters or digits.
    static func isLeftoverName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let marker = Array(".browse-".utf8)
        let suffix = 6
        guard bytes.count >= 1 + 1 + marker.count + suffix, bytes[0] == UInt8(ascii: ".") else { return false }
        let markerStart = bytes.count - suffix - marker.count
        guard bytes[markerStart..<(markerStart + marker.count)].elementsEqual(marker) else { return false }
        return bytes.suffix(suffix).allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
