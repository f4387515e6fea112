import BrowseSupport
import Foundation

/// An option declared with the type of its value: the declaration the parser, `--help` and
/// completion use, and the one reading of its text that checks it and converts it. A dataset
/// and its commands read it from the same values with `OptionValues.value(_:)`.
///
/// ```swift
/// let months = TypedOption.integer(
///     "months", in: 1...120, summary: "open with N months", expectation: "give a number of months from 1 to 120")
/// let server = TypedOption.url("server", summary: "where the readings come from")
/// ```
public struct TypedOption<Value: Sendable>: Sendable {
    /// What the parser, `--help` and completion know of it.
    public let declaration: OptionDeclaration
    private let reading: @Sendable (String) -> Value?

    /// An option whose text `read` turns into a value, or `nil` when it is not one.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - shortName: A one-letter alias, if any.
    ///   - kind: What the value is, for help and completion.
    ///   - value: The value's shape for help; by default the kind's.
    ///   - summary: One line for `--help`.
    ///   - expectation: What to say of a value that does not fit; by default the kind's.
    ///   - read: The value a text stands for, or `nil`; the parser accepts exactly the texts it reads.
    public init(
        _ name: String, shortName: Character? = nil, kind: OptionKind, value: String? = nil, summary: String,
        expectation: String? = nil, read: @escaping @Sendable (String) -> Value?
    ) {
        self.declaration = OptionDeclaration(
            name, shortName: shortName, kind: kind, value: value, summary: summary, expectation: expectation,
            accepts: { read($0) != nil })
        self.reading = read
    }

    /// The long name without dashes.
    public var name: String { declaration.name }

    /// The value `text` stands for.
    ///
    /// - Throws: `DatasetOptionError` naming the option and what would work.
    public func read(_ text: String) throws(DatasetOptionError) -> Value {
        guard let value = reading(text) else {
            throw DatasetOptionError(option: declaration.name, value: text, expected: declaration.expectation)
        }
        return value
    }
}

extension TypedOption where Value == Bool {
    /// A flag: `true` when given.
    public static func flag(_ name: String, shortName: Character? = nil, summary: String) -> Self {
        Self(name, shortName: shortName, kind: .flag, summary: summary) { _ in true }
    }
}

extension TypedOption where Value == Int {
    /// A whole number in `range` (`--months N`).
    public static func integer(
        _ name: String, shortName: Character? = nil, in range: ClosedRange<Int>, value: String? = nil,
        summary: String, expectation: String? = nil
    ) -> Self {
        Self(
            name, shortName: shortName, kind: .integer(range), value: value, summary: summary, expectation: expectation
        ) { OptionKind.integer($0, in: range) }
    }
}

extension TypedOption where Value == String {
    /// Any text (`--title T`).
    public static func text(
        _ name: String, shortName: Character? = nil, value: String? = nil, summary: String
    ) -> Self {
        Self(name, shortName: shortName, kind: .text, value: value, summary: summary) { $0 }
    }

    /// One of `words`, in any case; the value is the word as declared.
    public static func choice(
        _ name: String, shortName: Character? = nil, words: [String], summary: String, expectation: String? = nil
    ) -> Self {
        Self(name, shortName: shortName, kind: .choice(words), summary: summary, expectation: expectation) {
            OptionKind.word($0, in: words)
        }
    }

    /// The path of a file, as given.
    public static func file(_ name: String, shortName: Character? = nil, value: String? = nil, summary: String) -> Self
    {
        Self(name, shortName: shortName, kind: .file, value: value, summary: summary) { $0.isEmpty ? nil : $0 }
    }

    /// The path of a folder, as given.
    public static func folder(_ name: String, shortName: Character? = nil, value: String? = nil, summary: String)
        -> Self
    {
        Self(name, shortName: shortName, kind: .folder, value: value, summary: summary) { $0.isEmpty ? nil : $0 }
    }
}

extension TypedOption where Value == CalendarDate {
    /// A date written `yyyy-mm-dd`.
    public static func date(
        _ name: String, shortName: Character? = nil, summary: String, expectation: String? = nil
    ) -> Self {
        Self(name, shortName: shortName, kind: .date, summary: summary, expectation: expectation) {
            CalendarDate(iso: $0)
        }
    }

    /// A month written `yyyy-mm`; the value is its first day.
    public static func month(
        _ name: String, shortName: Character? = nil, summary: String, expectation: String? = nil
    ) -> Self {
        Self(name, shortName: shortName, kind: .month, summary: summary, expectation: expectation) {
            OptionKind.month($0)
        }
    }
}

extension TypedOption where Value == URL {
    /// An `http` or `https` URL with a host.
    public static func url(_ name: String, shortName: Character? = nil, summary: String) -> Self {
        Self(name, shortName: shortName, kind: .url, summary: summary) { OptionKind.url($0) }
    }
}

extension TypedOption where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of an enumeration's raw values, in any case (`--market otc` for `Market.otc`).
    public static func choice(
        _ name: String, shortName: Character? = nil, summary: String, expectation: String? = nil
    ) -> Self {
        let words = Value.allCases.map(\.rawValue)
        return Self(name, shortName: shortName, kind: .choice(words), summary: summary, expectation: expectation) {
            OptionKind.word($0, in: words).flatMap(Value.init(rawValue:))
        }
    }
}
