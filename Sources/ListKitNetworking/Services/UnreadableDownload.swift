import BrowseSupport

/// A downloaded document that is not what the dataset reads: JSON of another shape, or not
/// JSON at all. It is never kept in the cache.
public struct UnreadableDownload: UserFacingError, Hashable {
    /// Where it came from, without a password.
    public let source: String
    /// What it was read as (`Array<Reading>`).
    public let type: String
    /// Where in the document reading stopped, and why.
    public let reason: String

    /// - Parameters:
    ///   - source: Where it came from, without a password.
    ///   - type: What it was read as.
    ///   - reason: Where reading stopped, and why.
    public init(source: String, type: String, reason: String) {
        self.source = source
        self.type = type
        self.reason = reason
    }

    /// What `JSONDecoder` said, in one line: the path to the value and what was wrong with it.
    init(source: String, type: String, error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "the top" : text
        }
        let reason: String
        switch error {
        case .keyNotFound(let key, let context):
            reason = "\"\(key.stringValue)\" is missing at \(path(context.codingPath))"
        case .valueNotFound(_, let context):
            reason = "\(path(context.codingPath)) is null"
        case .typeMismatch(let expected, let context):
            reason = "\(path(context.codingPath)) is not \(expected)"
        case .dataCorrupted(let context):
            reason = context.codingPath.isEmpty ? "it is not JSON" : "\(path(context.codingPath)) is not readable"
        @unknown default:
            reason = "it is not the document expected"
        }
        self.init(source: source, type: type, reason: reason)
    }

    public var description: String { "\(source) is not the \(type) expected: \(reason)" }
}
