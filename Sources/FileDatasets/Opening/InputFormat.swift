import Tabular

/// How a file's bytes are laid out.
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    /// Delimited text: comma, tab, semicolon or pipe separated, RFC 4180 quoting.
    case csv
    /// Tab-separated text, read like CSV with a tab delimiter.
    case tsv
    /// A JSON array of objects.
    case json
    /// JSON Lines: one object per line.
    case jsonLines = "jsonl"

    /// The format named by `--format-in` (`csv`, `tsv`, `json`, `jsonl`, `ndjson`).
    init?(name: String) {
        switch name.lowercased() {
        case "csv", "txt": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson", "jsonlines": self = .jsonLines
        default: return nil
        }
    }

    /// The format a file name's extension suggests, if any (`data.tsv` → `.tsv`).
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }

    /// The format the first bytes suggest: `[` opens a JSON array, `{` a JSON Lines file,
    /// anything else is delimited text.
    ///
    /// - Complexity: O(k) in the leading whitespace.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> InputFormat {
        var index = ByteOrderMark.length(in: bytes)
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .csv }
        switch bytes[index] {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .jsonLines
        default: return .csv
        }
    }
}
