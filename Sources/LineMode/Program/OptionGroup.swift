import ListKit

/// The options one owner declares (a dataset and its commands, the file opener, a provider),
/// as `--help`, the manual page and the completion scripts group them.
struct OptionGroup: Sendable, Hashable {
    /// Who declares them, as help heads them (`companies`, `files and URLs`).
    let owner: String
    let options: [OptionDeclaration]
}
