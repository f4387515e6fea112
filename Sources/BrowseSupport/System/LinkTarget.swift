#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a path names once its symbolic links are followed: what a program that replaces a
/// file by renaming a new one over it must rename over, so that a link stays a link.
package enum LinkTarget {
    /// `path` with the links at its end followed to the file they name, which need not exist
    /// yet (a link to a file still to be written); a relative link is read from its own folder.
    ///
    /// The kernel decides how many links are too many: a path it refuses with ELOOP (a chain
    /// of more than 40 links, or a loop) is refused here too, never resolved part way.
    ///
    /// - Throws: `SystemError` with `ELOOP` for too many links.
    /// - Complexity: One `readlink` per link.
    package static func resolve(_ path: String) throws(SystemError) -> String {
        var status = stat()
        if stat(path, &status) != 0, errno == ELOOP { throw SystemError(code: ELOOP) }
        var current = path
        // The kernel followed the whole chain, so it has at most its own limit of links; the
        // count only guards against a chain changed meanwhile.
        for _ in 0..<64 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        throw SystemError(code: ELOOP)
    }
}
