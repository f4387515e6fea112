/// What a database screen lists: a table or view, or the answer of a statement a person wrote.
package enum DatabaseSource: Sendable, Hashable {
    case relation(DatabaseRelation)
    /// `--query`: its rows are paged as a subquery, in its own order.
    case query(String)

    /// The breadcrumb's name.
    package var title: String {
        switch self {
        case .relation(let relation): relation.qualifiedName
        case .query: "query"
        }
    }
}
