import ListKit

/// A column a described table keeps: the source's column `name`, shown as `title`, of `kind`.
public struct PickedColumn: Sendable, Hashable {
    /// The column's name in the source.
    public var name: String
    /// What the table calls it; `nil` keeps the source's name.
    public var title: String?
    /// What its values are; `nil` keeps the kind inferred from them.
    public var kind: ColumnKind?

    public init(_ name: String, title: String? = nil, kind: ColumnKind? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
    }

    /// The name the table shows.
    public var shownName: String { title ?? name }
}
