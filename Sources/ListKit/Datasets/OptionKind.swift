/// What an option's value is. The parser checks a value against it, `--help` shows its shape,
/// and Tab and the shell completion scripts offer what fits (the words of a choice, files,
/// folders, the columns of the list being opened).
public enum OptionKind: Sendable, Hashable {
    /// No value: the option is given or not (`--offline`).
    case flag
    /// Any text (`--filter TEXT`).
    case text
    /// A whole number in the range (`--months N`, 1 to 120).
    case integer(ClosedRange<Int>)
    /// A calendar date written `yyyy-mm-dd`.
    case date
    /// A calendar month written `yyyy-mm`.
    case month
    /// One of these words, in any case (`listed|otc|emerging|all`).
    case choice([String])
    /// An `http` or `https` URL.
    case url
    /// The path of a file.
    case file
    /// The path of a folder.
    case folder
    /// The name of a column of the list being opened (`--sort COL`).
    case column

    /// How the value is shown in help when its declaration names no shape of its own.
    package var placeholder: String? {
        switch self {
        case .flag: return nil
        case .text: return "TEXT"
        case .integer: return "N"
        case .date: return "yyyy-mm-dd"
        case .month: return "yyyy-mm"
        case .choice(let words): return words.joined(separator: "|")
        case .url: return "URL"
        case .file: return "FILE"
        case .folder: return "DIR"
        case .column: return "COL"
        }
    }

    /// What a person is told when a value does not fit (`use listed, otc, emerging or all`).
    package var expectation: String {
        switch self {
        case .flag: return "takes no value"
        case .text, .file, .folder, .column: return "give a value"
        case .integer(let range): return "give a number from \(range.lowerBound) to \(range.upperBound)"
        case .date: return "give a date as yyyy-mm-dd"
        case .month: return "give a month as yyyy-mm"
        case .choice(let words): return "use " + Self.list(words)
        case .url: return "give an http or https URL"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    package static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        let rest = words.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
    }
}
