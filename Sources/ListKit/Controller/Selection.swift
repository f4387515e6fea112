/// What happens when a row is chosen: the value a `select` closure returns.
@MainActor
public enum Selection {
    /// Nothing happens.
    case none
    /// A one-line message for the user.
    case message(String)
    /// A detail view of ordered key–value pairs.
    case detail(Detail)
    /// Drill down: the front end pushes this screen and loads it if it has a loader.
    case push(any ListScreen)
    /// Go back to the screen below, which the selection changed (a column chosen in `cols`
    /// sorts the list under it).
    case back
    /// The outcome needs work first (a download): the front end shows progress while it runs.
    case pending(title: String, resolve: @MainActor (ProgressReporter) async throws -> Selection)
    /// Load the screen's sources that are not loaded yet — those a command just added (`older`
    /// adds months) — the way the front end loads a screen: with progress, Ctrl-C keeping what
    /// arrived, and each note and partial failure said once; a load that brings nothing new
    /// and fails is a failed command. Then `then` says what follows, told how the load ended,
    /// with a reporter for notes of its own. A command that loads more returns this rather than
    /// loading the screen itself.
    ///
    /// ```swift
    /// ListCommand(olderCommand) { arguments, _ in
    ///     for month in try months(arguments) { controller.add(source(for: month)) }
    ///     return .load { ending, progress in
    ///         if ending == .interrupted { progress.note("older fetches the rest first") }
    ///         return .none
    ///     }
    /// }
    /// ```
    case load(then: @MainActor (_ ending: LoadEnding, _ progress: ProgressReporter) throws -> Selection)
}

/// A detail view: a title and ordered fields.
public struct Detail: Sendable, Hashable {
    public var title: String
    public var fields: [Field]
    /// Lines shown under the fields (notes, a hint about what to do next).
    public var notes: [String]

    public init(title: String, fields: [Field], notes: [String] = []) {
        self.title = title
        self.fields = fields
        self.notes = notes
    }

    /// One labelled value of a detail view.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}
