/// Why a dataset could not be scaffolded. Nothing is written when any of these is thrown.
package enum ScaffoldError: Error, Sendable, Hashable, CustomStringConvertible {
    case badName(String, reason: String)
    case taken(String, by: String)
    case missingFile(String)
    case unreadableData(String, reason: String)
    case noRegistry(String)
    case writeFailed(String, reason: String)

    package var description: String {
        switch self {
        case .badName(let name, let reason):
            return "\"\(name)\" cannot name a dataset: \(reason); use a Swift type name such as Weather or OtcCompanies"
        case .taken(let id, let owner):
            return "the dataset id \"\(id)\" is already taken by \(owner); choose another name"
        case .missingFile(let path):
            return "no file at \(path); give the path of a CSV, TSV or JSON file"
        case .unreadableData(let path, let reason):
            return "cannot use \(path) as data: \(reason)"
        case .noRegistry(let path):
            return "\(path) has no `// new-dataset: begin` and `// new-dataset: end` markers to register the dataset in"
        case .writeFailed(let path, let reason):
            return "could not write \(path): \(reason); nothing was changed"
        }
    }
}
