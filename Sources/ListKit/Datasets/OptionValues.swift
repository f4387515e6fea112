/// The options given on a command line or after a command, by name without dashes, as they were
/// typed (a flag's text is `true`). The parser has checked each against its declaration; a
/// dataset and its commands read them as types through the same declarations.
///
/// ```swift
/// let months = try context.options.value(Options.months) ?? 1
/// ```
public struct OptionValues: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The text of each option given, by name.
    public private(set) var texts: [String: String]

    /// The options in `texts`.
    public init(_ texts: [String: String] = [:]) {
        self.texts = texts
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.texts = Dictionary(elements) { _, last in last }
    }

    /// The text given to the option `name`, or `nil` when it was not given.
    public subscript(name: String) -> String? {
        get { texts[name] }
        set { texts[name] = newValue }
    }

    /// True when no option was given.
    public var isEmpty: Bool { texts.isEmpty }

    /// The value of `option`, read by its declaration; `nil` when it was not given.
    ///
    /// - Throws: `DatasetOptionError` when the text given does not fit the declaration.
    public func value<Value>(_ option: TypedOption<Value>) throws(DatasetOptionError) -> Value? {
        guard let text = texts[option.name] else { return nil }
        return try option.read(text)
    }

    /// These options with `other`'s, which win where both give one.
    package func merging(_ other: OptionValues) -> OptionValues {
        OptionValues(texts.merging(other.texts) { _, given in given })
    }

    /// Only the options whose names are in `names`.
    package func filter(_ names: Set<String>) -> OptionValues {
        OptionValues(texts.filter { names.contains($0.key) })
    }
}
