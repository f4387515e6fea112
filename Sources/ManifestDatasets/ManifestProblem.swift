import BrowseSupport

/// What is wrong with a manifest, and where: one line a person can act on
/// (`orders.json:7:12: drill.where names column "customer", which …`).
package struct ManifestProblem: UserFacingError, Hashable {
    /// The manifest's file name (or path, as it was given).
    package let file: String
    /// The 1-based line, when the problem is at a place in the file.
    package let line: Int?
    /// The 1-based column (in characters), when the problem is at a place in the file.
    package let column: Int?
    /// The key the problem is about (`drill.where`), when there is one.
    package let key: String?
    /// What is wrong and what would work.
    package let message: String

    package init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    package var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return place + ": " + (key.map { "`\($0)` " } ?? "") + message
    }

    package var exitCode: ExitCode { .failure }
}
