/// One place a controller's items come from (a market's company file, a downloaded month).
///
/// A controller with several sources loads each once and merges their items by identity,
/// like a stock market's three company lists: an item loaded twice is kept once, and a source already
/// loaded is not fetched again unless the user refreshes.
public struct ListSource<Item: Sendable>: Sendable {
    /// A stable identifier (`listed`).
    public let id: String
    /// A title for status lines and error messages (`上市`).
    public let title: String
    /// Fetches the items, reporting progress; throws with a description the user can act on.
    public let load: @Sendable (LoadRequest) async throws -> [Item]

    public init(
        id: String, title: String, load: @escaping @Sendable (LoadRequest) async throws -> [Item]
    ) {
        self.id = id
        self.title = title
        self.load = load
    }
}

/// What a source is asked to do: where to report progress, and whether the user asked for
/// fresh data (`r`) rather than whatever is cached.
public struct LoadRequest: Sendable {
    public let progress: ProgressReporter
    /// True when the user refreshed: a cache that is still fresh must not be used.
    public let refresh: Bool
    /// The ids of the sources this load fetches, one after another, in that order: a loader
    /// finds its own among them to say where the load is (`month 4 of 12`).
    public let batch: [String]

    public init(progress: ProgressReporter, refresh: Bool, batch: [String] = []) {
        self.progress = progress
        self.refresh = refresh
        self.batch = batch
    }
}
