/// Why a folder cannot be trusted as this user's own.
package enum PrivateFolderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// It could not be made or examined.
    case cannotMake(String, reason: String)
    /// A link, a file or another kind of file stands at its path.
    case notAFolder(String)
    /// Another user owns it.
    case ownedByAnother(String, owner: UInt32)
    /// Its group or everyone may write in it (the mode, as an octal number).
    case writableByOthers(String, mode: Int)

    package var description: String {
        switch self {
        case .cannotMake(let path, let reason):
            return "cannot make \(path): \(reason)"
        case .notAFolder(let path):
            return "\(path) is not a folder of its own (a link or a file stands there)"
        case .ownedByAnother(let path, let owner):
            return "\(path) belongs to another user (uid \(owner))"
        case .writableByOthers(let path, let mode):
            return "others may write in \(path) (mode \(String(mode, radix: 8)))"
        }
    }
}
