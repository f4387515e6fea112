import Foundation

/// Where loaded data came from, so a screen can say how old it is.
public struct Provenance: Sendable, Hashable {
    /// When the bytes were downloaded or imported.
    public let fetchedAt: Date
    /// True when the cache answered and no request was made.
    public let fromCache: Bool
    /// The URL, or `file:` path of an import.
    public let source: String

    public init(fetchedAt: Date, fromCache: Bool, source: String) {
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        self.source = source
    }
}

/// A value with its provenance.
public struct Sourced<Value: Sendable>: Sendable {
    public let value: Value
    public let provenance: Provenance

    public init(_ value: Value, _ provenance: Provenance) {
        self.value = value
        self.provenance = provenance
    }
}
