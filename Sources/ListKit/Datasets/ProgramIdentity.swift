/// Who a program built on ListKit is: the name it answers to in messages, `--help` and
/// `--version`, and under which it keeps its cache and history; its version; and one line on
/// what it does. Every program names itself: there is no default, so a program built on ListKit
/// never tells a server, or a person, that it is another.
///
/// ```swift
/// ProgramIdentity(name: "bookshelf", version: "1.2.0", summary: "the books on our shelves")
/// ```
public struct ProgramIdentity: Sendable, Hashable {
    /// What a person types to run it (`browse`), and the folder name of its cache and history.
    public var name: String
    public var version: String
    /// One line on what it does, for `--help`.
    public var summary: String

    public init(name: String, version: String, summary: String) {
        self.name = name
        self.version = version
        self.summary = summary
    }

    /// What a download says it is (`browse/0.1.0`).
    public var userAgent: String { "\(name)/\(version)" }
}
