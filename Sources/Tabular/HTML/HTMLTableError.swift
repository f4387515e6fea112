/// Why an HTML page's tables were not read: it passed a limit of the reader.
package enum HTMLTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The page is larger than the reader takes.
    case tooLarge(bytes: Int, limit: Int)
    /// Tables inside tables deeper than the reader goes.
    case tooDeep(limit: Int)
    /// More cells than the reader keeps.
    case tooManyCells(limit: Int)

    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "the page is \(bytes) bytes; tables are read from pages of at most \(limit)"
        case .tooDeep(let limit):
            return "the page has tables nested more than \(limit) deep"
        case .tooManyCells(let limit):
            return "the page's tables have more than \(limit) cells"
        }
    }
}
