extension DatabaseConnection {
    /// A column the catalog does not list that makes each row of `relation` unique, to page by
    /// when it has no primary key (SQLite's `rowid`); `nil` when there is none.
    package func hiddenKey(of relation: DatabaseRelation) -> String? { nil }
}
