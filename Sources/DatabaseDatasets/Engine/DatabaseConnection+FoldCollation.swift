extension DatabaseConnection {
    /// The collation text is lowercased in when the engine folds it for the filter, so it
    /// lowercases every script as the local filter does; `nil` (the default) for the
    /// engine's own.
    package var foldCollation: String? { nil }
}
