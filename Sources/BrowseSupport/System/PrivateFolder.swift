import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder only this user may write in: made with mode 0700 when it is missing, refused when
/// it is a link or a file, belongs to someone else, or lets others write.
///
/// A name in a folder everyone shares (`/tmp/browse-0`) can be taken by anyone first, and what
/// they put in it would be read as this user's own: checking who owns the folder is what makes
/// it safe to trust.
package enum PrivateFolder {
    /// Makes the folder at `path` (its parent must exist), or checks the one already there.
    ///
    /// - Throws: ``PrivateFolderError`` when it cannot be made or is not this user's alone.
    package static func prepare(_ path: String) throws(PrivateFolderError) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .cannotMake(path, reason: SystemError.last.description)
        }
        try check(path)
    }

    /// Checks that `path` is a folder (not a link to one) that this user owns and that others
    /// cannot write in.
    ///
    /// - Throws: ``PrivateFolderError`` when it is not.
    package static func check(_ path: String) throws(PrivateFolderError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .cannotMake(path, reason: SystemError.last.description) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path) }
        guard status.st_uid == geteuid() else { throw .ownedByAnother(path, owner: status.st_uid) }
        let others = status.st_mode & (S_IWGRP | S_IWOTH)
        guard others == 0 else { throw .writableByOthers(path, mode: Int(status.st_mode & 0o777)) }
    }

    /// `browse-UID`: the name of this user's own folder in a shared one.
    package static func name(for program: String) -> String {
        "\(program)-\(geteuid())"
    }
}
