/// A table or view as a row of the relations screen.
struct RelationEntry: Identifiable, Sendable {
    let id: Int
    let relation: DatabaseRelation
}
