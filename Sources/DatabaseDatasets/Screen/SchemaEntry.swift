/// A schema as a row of the schemas screen.
struct SchemaEntry: Identifiable, Sendable {
    let id: Int
    let schema: DatabaseSchema
}
