import ListKit

/// What a name typed after `browse` or `open` refers to: a registered dataset first, then
/// whatever the program's opener recognises (a file, a URL).
@MainActor
struct TargetResolver {
    let registry: DatasetRegistry
    let opener: (any ListOpener)?
    /// True inside a session, where standard input carries the commands.
    let insideSession: Bool

    /// The options datasets and the opener declare, each once.
    var declaredOptions: [OptionDeclaration] {
        var seen = Set<String>()
        let all = registry.datasets.flatMap(\.options) + (opener?.options ?? [])
        return all.filter { seen.insert($0.name).inserted }
    }

    /// The name that stands for standard input.
    static let standardInputName = "-"

    /// The screen for `name`, ready to load.
    ///
    /// - Throws: `OpenError.unknownName` when nothing answers to `name`, or the dataset's or
    ///   opener's error when the screen cannot be made.
    func screen(for name: String, context: DatasetContext) throws -> any ListScreen {
        if let dataset = registry.dataset(named: name) {
            return try dataset.makeRootScreen(context: context)
        }
        if let opener {
            if insideSession, name == Self.standardInputName {
                throw UsageError.conflicting(
                    "open - cannot read standard input inside a session; start the program with - instead")
            }
            if let screen = try opener.screen(named: name, context: context) { return screen }
            if Self.looksLikeAPath(name) { throw OpenError.noSuchFile(name) }
        }
        throw OpenError.unknownName(name, datasets: registry.ids, filesAndURLs: opener != nil)
    }

    /// Whether `name` is written as a file's path: with a slash (not a URL's), or a file
    /// name's extension (`prices.csv`). A dataset's name is a word.
    static func looksLikeAPath(_ name: String) -> Bool {
        if name.contains("://") { return false }
        if name.contains("/") || name.hasPrefix("~") { return true }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let suffix = name[name.index(after: dot)...]
        return (1...5).contains(suffix.count) && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
