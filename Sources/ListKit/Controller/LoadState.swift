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
    /// Every source failed; the failure names each source, what it threw, and what to do.
    case failed(FailedLoad)
}

extension LoadState {
    /// True when rows can be shown: all loaded, or some arrived and more are coming.
    public var hasRows: Bool { self == .loaded || self == .receiving }
}

/// A source that could not be loaded, named so the user knows what is missing.
public struct SourceFailure: Sendable, Hashable {
    /// The source's title (`上櫃`).
    public var source: String
    /// What the source threw.
    public var error: any Error

    /// - Parameters:
    ///   - source: The source's title.
    ///   - error: What it threw.
    public init(source: String, error: any Error) {
        self.source = source
        self.error = error
    }

    /// What went wrong, in one line: the error's description.
    public var reason: String { String(describing: error) }

    /// What could help, when the error said (`UserFacingError.remedy`).
    public var remedy: Remedy? { (error as? any UserFacingError)?.remedy }

    /// Two failures are the same when they name the same source and read the same: an error
    /// need not be `Equatable`.
    public static func == (lhs: SourceFailure, rhs: SourceFailure) -> Bool {
        lhs.source == rhs.source && lhs.reason == rhs.reason && lhs.remedy == rhs.remedy
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(reason)
    }
}
