import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's own words for a failed file operation (`no space left on device`,
/// `/tmp/x is a file, not a folder`), for messages that say what went wrong with a path.
///
/// This is the one place a Foundation file error becomes text: Foundation's own descriptions
/// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)", "You don't have
/// permission") speak for an app, not for this program, and on Linux they often hide the
/// system's reason.
package enum SystemErrorText {
    /// The reason under a file error, in lower case: the system's `errno` words when the
    /// error carries them, else what the file system shows about its path, else words for
    /// Foundation's error code.
    ///
    /// - Parameters:
    ///   - error: Any error from a file operation (Foundation's, a ``SystemError``).
    ///   - path: The path the operation was on, when the error may not name it.
    package static func reason(_ error: any Error, path: String? = nil) -> String {
        if let error = error as? SystemError { return error.description }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return describe(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return describe(errno: Int32(underlying.code))
        }
        let named =
            path ?? nsError.userInfo[NSFilePathErrorKey] as? String ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
        if let named, let blocker = fileInPlaceOfFolder(along: named, includingLast: false) {
            return "\(blocker) is a file, not a folder"
        }
        guard nsError.domain == NSCocoaErrorDomain else {
            return "the system refused it (\(nsError.domain) \(nsError.code))"
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return describe(errno: ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return describe(errno: EACCES)
        case .fileWriteOutOfSpace: return describe(errno: ENOSPC)
        case .fileWriteVolumeReadOnly: return describe(errno: EROFS)
        case .fileWriteFileExists: return describe(errno: EEXIST)
        case .fileReadTooLarge: return describe(errno: EFBIG)
        case .fileReadCorruptFile: return "its contents are not in the expected form"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding:
            return "its text is not in the expected encoding"
        case .fileLocking: return "it is locked by another program"
        default: return "the file system refused it (error \(nsError.code))"
        }
    }

    /// `strerror` in lower case.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The first path along `path` (`/a`, `/a/b`, …) that exists and is not a folder, when one
    /// stands where a folder is needed.
    ///
    /// - Parameter includingLast: Whether `path` itself must be a folder too.
    /// - Complexity: One `stat` per component.
    package static func fileInPlaceOfFolder(along path: String, includingLast: Bool) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            if index == components.count - 1, !includingLast { break }
            var status = stat()
            guard stat(prefix, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT != S_IFDIR {
                return path.hasPrefix("/") ? prefix : String(prefix.dropFirst(2))
            }
        }
        return nil
    }
}
