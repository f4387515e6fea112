/// A column of a table, a view or a statement's answer, as the engine's catalog declares it.
package struct DatabaseColumn: Sendable, Hashable {
    /// What the screen makes of a column's values.
    package enum Kind: Sendable, Hashable {
        case integer
        case decimal
        case text
        case date
        case timestamp
        case boolean
    }

    /// The name, exactly as the catalog spells it.
    package var name: String
    /// The kind its declared type maps to; any type the screen has no kind for is text.
    package var kind: Kind
    /// The type as the engine declares it (`numeric(10,2)`, `TEXT`), for the columns screen.
    package var declaredType: String
    /// The column's place in the primary key (or the unique column the table is paged by),
    /// from 0; `nil` when it is not part of it.
    package var keyPosition: Int?

    package init(name: String, kind: Kind, declaredType: String, keyPosition: Int? = nil) {
        self.name = name
        self.kind = kind
        self.declaredType = declaredType
        self.keyPosition = keyPosition
    }
}
