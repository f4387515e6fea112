/// A command-line option, declared once by whoever owns it (a dataset, a dataset's command,
/// the file opener, a subcommand, the program): the argument parser accepts it and checks its
/// value, `--help` describes it, and Tab and the shell completion scripts complete it, all
/// from this declaration alone. A `TypedOption` makes one and reads its value as a type.
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
    /// What the value is: what the parser checks and what completion offers.
    public let kind: OptionKind
    /// One line on what the option does, for `--help`.
    public let summary: String
    /// What a person is told when a value does not fit (`give a number of months from 1 to 120`).
    public let expectation: String
    /// Whether a value fits; the typed option's own reading when there is one.
    private let acceptance: @Sendable (String) -> Bool

    /// Declares an option whose value is any text (or a flag, when `value` is `nil`).
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, if any.
    ///   - value: The value's shape for help; `nil` when the option takes no value.
    ///   - summary: One line for `--help`.
    public init(_ name: String, shortName: Character? = nil, value: String? = nil, summary: String) {
        self.init(name, shortName: shortName, kind: value == nil ? .flag : .text, value: value, summary: summary)
    }

    /// Declares an option of a kind: its values are checked by the kind, or by `accepts`.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, if any.
    ///   - kind: What the value is.
    ///   - value: The value's shape for help; by default the kind's (`N`, `yyyy-mm-dd`, `a|b`).
    ///   - summary: One line for `--help`.
    ///   - expectation: What to say of a value that does not fit; by default the kind's.
    ///   - accepts: Whether a value fits; by default the kind decides.
    public init(
        _ name: String, shortName: Character? = nil, kind: OptionKind, value: String? = nil, summary: String,
        expectation: String? = nil, accepts: (@Sendable (String) -> Bool)? = nil
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.value = kind == .flag ? nil : value ?? kind.placeholder
        self.summary = summary
        self.expectation = expectation ?? kind.expectation
        self.acceptance = accepts ?? { kind.accepts($0) }
    }

    /// True when a value follows the option.
    package var takesValue: Bool { kind != .flag }

    /// How the option is written in help: `-c, --commands 'CMD; CMD'`, `--offline`.
    package var usage: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--" + name
        if let value { text += " " + value }
        return text
    }

    /// Checks a value given to the option.
    ///
    /// - Throws: `DatasetOptionError` naming the option, the value and what would work.
    package func check(_ text: String) throws(DatasetOptionError) {
        guard kind == .flag || acceptance(text) else {
            throw DatasetOptionError(option: name, value: text, expected: expectation)
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.shortName == rhs.shortName && lhs.value == rhs.value && lhs.kind == rhs.kind
            && lhs.summary == rhs.summary && lhs.expectation == rhs.expectation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(summary)
    }
}
