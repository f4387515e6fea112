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
    /// Delivers the items in batches as they arrive, for a source that can show its first rows
    /// early (a paged API, a long stream); `nil` when the source loads all at once.
    public let batches: (@Sendable (LoadRequest) -> ProducedBatches<Item>)?
    /// Whether the batches that arrived before an error are kept and shown (pages of an API),
    /// or the load fails as a whole (the first rows of a file that turned out to be unreadable).
    public let keepsRowsOnFailure: Bool

    /// A source that loads all its items at once.
    public init(
        id: String, title: String, load: @escaping @Sendable (LoadRequest) async throws -> [Item]
    ) {
        self.id = id
        self.title = title
        self.load = load
        self.batches = nil
        self.keepsRowsOnFailure = false
    }

    /// A source that delivers its items in batches: the first rows show as soon as they
    /// arrive, filter and sort apply to what has arrived and follow as more comes, Ctrl-C stops
    /// it keeping what arrived, and an error after some batches keeps them with a note.
    ///
    /// ```swift
    /// ListSource(id: "books", title: "book server") { request in
    ///     PagedBooks(server: server, progress: request.progress)  // an AsyncSequence of [Book]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: A stable identifier.
    ///   - title: A title for status lines and messages.
    ///   - keepsRowsOnFailure: Whether an error after some batches keeps them (with a note), or
    ///     fails the load as if nothing had arrived.
    ///   - batches: Makes the sequence of batches for one load; it should stop when its task is
    ///     cancelled.
    public init<Batches: AsyncSequence & Sendable>(
        id: String, title: String, keepsRowsOnFailure: Bool = true,
        batches: @escaping @Sendable (LoadRequest) -> Batches
    ) where Batches.Element == [Item] {
        self.id = id
        self.title = title
        self.keepsRowsOnFailure = keepsRowsOnFailure
        let stream: @Sendable (LoadRequest) -> ProducedBatches<Item> = { request in
            ProducedBatches { deliver in
                for try await batch in batches(request) { deliver(batch) }
            }
        }
        self.batches = stream
        self.load = { request in
            var items: [Item] = []
            for try await batch in stream(request) { items.append(adopting: batch) }
            return items
        }
    }

    /// A source whose batches `produce` hands to `deliver` as they are made, in a task of its
    /// own for each load: the first rows show as soon as they are delivered, and a cancelled
    /// load waits for `produce` to return.
    ///
    /// - Parameters:
    ///   - id: A stable identifier.
    ///   - title: A title for status lines and messages.
    ///   - keepsRowsOnFailure: Whether an error after some batches keeps them (with a note), or
    ///     fails the load as if nothing had arrived.
    ///   - produce: Makes one load's items, handing each batch to `deliver` as it is ready
    ///     (`deliver(batch)`), or all of them at the end (`deliver.whole(items)`); it should
    ///     return soon after its task is cancelled.
    public init(
        id: String, title: String, keepsRowsOnFailure: Bool = true,
        produce: @escaping @Sendable (LoadRequest, _ deliver: BatchDelivery<Item>) async throws -> Void
    ) {
        self.id = id
        self.title = title
        self.keepsRowsOnFailure = keepsRowsOnFailure
        let stream: @Sendable (LoadRequest) -> ProducedBatches<Item> = { request in
            ProducedBatches { deliver in try await produce(request, deliver) }
        }
        self.batches = stream
        self.load = { request in
            var items: [Item] = []
            var batches = stream(request).makeAsyncIterator()
            while let next = try await batches.nextDelivered() {
                if next.isWhole { items = next.items } else { items.append(adopting: next.items) }
            }
            return items
        }
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
    /// How the front end measures texts to line up the columns it draws, when it will draw
    /// the rows; `nil` for an export. A source that reads every row anyway may measure each
    /// column's widest text as it goes, and its store answer `widestTexts` without another pass.
    public let widths: TextWidth?

    public init(progress: ProgressReporter, refresh: Bool, batch: [String] = [], widths: TextWidth? = nil) {
        self.progress = progress
        self.refresh = refresh
        self.batch = batch
        self.widths = widths
    }
}
