import BrowseSupport

/// Where a screen is in loading its items.
public enum LoadState: Sendable, Hashable {
    /// Nothing has been loaded yet.
    case idle
    /// A load is running and nothing has arrived yet.
    case loading
    /// Rows are arriving: what arrived is shown, filtered and sorted, and more is coming.
    case receiving
    /// Items are loaded (from at least one source).
    case loaded
    /// Every source failed; the reason says why and what to do.
    case failed(String)
}

extension LoadState {
    /// True when rows can be shown: all loaded, or some arrived and more are coming.
    public var hasRows: Bool { self == .loaded || self == .receiving }
}

/// A source that could not be loaded, named so the user knows what is missing.
public struct SourceFailure: Sendable, Hashable {
    /// The source's title (`上櫃`).
    public var source: String
    /// What went wrong, in one line.
    public var reason: String
    /// What could help, when the error said (`UserFacingError.remedy`).
    public var remedy: Remedy?

    public init(source: String, reason: String, remedy: Remedy? = nil) {
        self.source = source
        self.reason = reason
        self.remedy = remedy
    }
}
