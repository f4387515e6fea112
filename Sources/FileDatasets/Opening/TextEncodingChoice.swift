/// The character encoding of a file, from `--encoding`.
public enum TextEncodingChoice: String, Sendable, Hashable {
    /// UTF-8, with or without a byte order mark (the default).
    case utf8 = "utf-8"
    /// Big5 as Microsoft's code page 950, which TWSE's Chinese downloads use.
    case big5

    /// The encoding named by `--encoding` (`utf-8`, `utf8`, `big5`, `cp950`).
    init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "big5", "big-5", "cp950": self = .big5
        default: return nil
        }
    }
}
