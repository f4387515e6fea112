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

    /// The options a program should declare so that its argument parser accepts them.
    public static let declared: [OptionDeclaration] = [
        OptionDeclaration("delimiter", value: "C", summary: "field separator: , ; | tab (default: sniffed)"),
        OptionDeclaration("no-header", summary: "the first row is data; columns are named A, B, C…"),
        OptionDeclaration("encoding", value: "utf-8|big5", summary: "the file's encoding (default utf-8)"),
        OptionDeclaration(
            "format-in", value: "csv|tsv|json|jsonl", summary: "the file's format (default: from its name or bytes)"),
        OptionDeclaration("json-path", value: "PATH", summary: "where a JSON file keeps its rows: data, tables.0.data"),
        OptionDeclaration("json-fields", value: "PATH", summary: "where its column names are: tables.0.fields"),
    ]

    /// Reads the options from a dataset context's `options` (names without dashes).
    ///
    /// - Throws: `FileOpenError.badOption` naming the option and what would work.
    public init(parsing options: [String: String]) throws(FileOpenError) {
        self.init()
        if let value = options["format-in"] {
            guard let format = InputFormat(name: value) else {
                throw .badOption(option: "--format-in", value: value, expected: "use csv, tsv, json or jsonl")
            }
            self.format = format
        }
        if let value = options["delimiter"] {
            guard let delimiter = Self.delimiter(named: value) else {
                throw .badOption(
                    option: "--delimiter", value: value,
                    expected: "give one character such as , ; | or the word tab (not a quote, letter or digit)")
            }
            self.delimiter = delimiter
        }
        if options["no-header"] != nil { hasHeader = false }
        if let value = options["encoding"] {
            guard let encoding = TextEncodingChoice(name: value) else {
                throw .badOption(option: "--encoding", value: value, expected: "use utf-8 or big5")
            }
            self.encoding = encoding
        }
        for (name, value) in [("json-path", options["json-path"]), ("json-fields", options["json-fields"])] {
            guard let value else { continue }
            guard Self.isJSONPath(value) else {
                throw .badOption(
                    option: "--\(name)", value: value, expected: "give keys and indexes joined by dots: tables.0.data")
            }
        }
        jsonPath = options["json-path"]
        jsonFields = options["json-fields"]
        if jsonFields != nil, jsonPath == nil {
            throw .badOption(
                option: "--json-fields", value: jsonFields ?? "", expected: "give --json-path too: where the rows are")
        }
    }

    /// True for `data`, `tables.0.data`: non-empty steps joined by dots.
    public static func isJSONPath(_ text: String) -> Bool {
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
