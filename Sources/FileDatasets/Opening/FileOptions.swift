import ListKit

/// How to read a file, from the command line's dataset options.
///
/// Every field left `nil` is worked out from the file: the format from its name or first
/// bytes, the delimiter from its first records.
public struct FileOptions: Sendable, Hashable {
    /// The layout, when given with `--format-in`.
    public var format: InputFormat?
    /// The field separator, when given with `--delimiter`.
    public var delimiter: UInt8?
    /// False with `--no-header`: the first record is data and columns are named A, B, C….
    public var hasHeader: Bool
    /// The encoding, `--encoding`.
    public var encoding: TextEncodingChoice
    /// Where a JSON document keeps its table (`data`, `tables.0.data`), `--json-path`; `nil`
    /// reads an array of objects, or an object's `fields` and `data`.
    public var jsonPath: String?
    /// Where the column names of a table of arrays are (`tables.0.fields`), `--json-fields`.
    public var jsonFields: String?

    /// Options that leave everything to the file.
    public init(
        format: InputFormat? = nil, delimiter: UInt8? = nil, hasHeader: Bool = true,
        encoding: TextEncodingChoice = .utf8
    ) {
        self.format = format
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.encoding = encoding
    }

    /// `--delimiter C`: one printable character, or a name (`tab`).
    static let delimiterOption = TypedOption<UInt8>(
        "delimiter", kind: .text, value: "C", summary: "field separator: , ; | tab (default: sniffed)",
        expectation: "give one character such as , ; | or the word tab (not a quote, letter or digit)"
    ) { delimiter(named: $0) }
    /// `--no-header`.
    static let noHeaderOption = TypedOption.flag(
        "no-header", summary: "the first row is data; columns are named A, B, C…")
    /// `--encoding utf-8|big5`.
    static let encodingOption = TypedOption<TextEncodingChoice>(
        "encoding", kind: .choice(["utf-8", "big5"]), summary: "the file's encoding (default utf-8)"
    ) { TextEncodingChoice(name: $0) }
    /// `--format-in csv|tsv|json|jsonl`.
    static let formatOption = TypedOption<InputFormat>(
        "format-in", kind: .choice(["csv", "tsv", "json", "jsonl"]),
        summary: "the file's format (default: from its name or bytes)"
    ) { InputFormat(name: $0) }
    /// `--json-path PATH`.
    static let jsonPathOption = jsonPath(
        "json-path", summary: "where a JSON file keeps its rows: data, tables.0.data")
    /// `--json-fields PATH`.
    static let jsonFieldsOption = jsonPath("json-fields", summary: "where its column names are: tables.0.fields")

    private static func jsonPath(_ name: String, summary: String) -> TypedOption<String> {
        TypedOption<String>(
            name, kind: .text, value: "PATH", summary: summary,
            expectation: "give keys and indexes joined by dots: tables.0.data"
        ) { isJSONPath($0) ? $0 : nil }
    }

    /// The options a program should declare so that its argument parser accepts them and checks
    /// their values.
    package static let declared: [OptionDeclaration] = [
        delimiterOption.declaration, noHeaderOption.declaration, encodingOption.declaration,
        formatOption.declaration, jsonPathOption.declaration, jsonFieldsOption.declaration,
    ]

    /// Reads the options from a dataset context's `options`, each by its declaration.
    ///
    /// - Throws: `FileOpenError.badOption` naming the option and what would work.
    package init(parsing options: OptionValues) throws(FileOpenError) {
        self.init()
        do {
            format = try options.value(Self.formatOption)
            delimiter = try options.value(Self.delimiterOption)
            if try options.value(Self.noHeaderOption) == true { hasHeader = false }
            encoding = try options.value(Self.encodingOption) ?? .utf8
            jsonPath = try options.value(Self.jsonPathOption)
            jsonFields = try options.value(Self.jsonFieldsOption)
        } catch {
            throw .badOption(option: "--" + error.option, value: error.value, expected: error.expected)
        }
        if jsonFields != nil, jsonPath == nil {
            throw .badOption(
                option: "--json-fields", value: jsonFields ?? "", expected: "give --json-path too: where the rows are")
        }
    }

    /// Reads the options from their texts by name (names without dashes).
    ///
    /// - Throws: `FileOpenError.badOption` naming the option and what would work.
    package init(parsing options: [String: String]) throws(FileOpenError) {
        try self.init(parsing: OptionValues(options))
    }

    /// True for `data`, `tables.0.data`: non-empty steps joined by dots.
    package static func isJSONPath(_ text: String) -> Bool {
        !text.isEmpty && !text.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }

    /// The byte a `--delimiter` value stands for: one printable ASCII character that is not a
    /// quote, letter or digit, or a name (`tab`, `comma`, `semicolon`, `pipe`, `\t`).
    static func delimiter(named value: String) -> UInt8? {
        switch value.lowercased() {
        case "tab", "\\t", "\t": return UInt8(ascii: "\t")
        case "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        case "pipe": return UInt8(ascii: "|")
        case "space": return UInt8(ascii: " ")
        default: break
        }
        let bytes = Array(value.utf8)
        guard bytes.count == 1, let byte = bytes.first, (0x20...0x7E).contains(byte) else { return nil }
        let isAlphanumeric =
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        guard !isAlphanumeric, byte != UInt8(ascii: "\"") else { return nil }
        return byte
    }
}
