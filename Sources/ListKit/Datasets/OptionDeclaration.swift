/// A command-line option, declared once by whoever owns it (a dataset, the file opener, a
/// subcommand, the program): the argument parser accepts it and `--help` describes it from
/// this declaration alone.
///
/// ```swift
/// OptionDeclaration("market", value: "listed|otc|emerging|all", summary: "companies of one market only")
/// ```
public struct OptionDeclaration: Sendable, Hashable {
    /// The long name without dashes (`market`).
    public let name: String
    /// A one-letter alias without its dash (`c` for `-c`), if any.
    public let shortName: Character?
    /// What the value looks like in help (`listed|otc|emerging|all`); `nil` for a flag.
    public let value: String?
    /// One line on what the option does, for `--help`.
    public let summary: String

    /// Declares an option.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, if any.
    ///   - value: The value's shape for help; `nil` when the option takes no value.
    ///   - summary: One line for `--help`.
    public init(_ name: String, shortName: Character? = nil, value: String? = nil, summary: String) {
        self.name = name
        self.shortName = shortName
        self.value = value
        self.summary = summary
    }

    /// True when a value follows the option.
    public var takesValue: Bool { value != nil }

    /// How the option is written in help: `-c, --commands 'CMD; CMD'`, `--offline`.
    public var usage: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--" + name
        if let value { text += " " + value }
        return text
    }
}
