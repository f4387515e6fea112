/// The data formats a view can be exported in.
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv
    case tsv
    case json
    case markdown

    /// Parses a format name; `md` is accepted for markdown.
    public init?(name: String) {
        switch name.lowercased() {
        case "md": self = .markdown
        default: self.init(rawValue: name.lowercased())
        }
    }
}
