/// The default store: items in an array, every question answered through the rows' cells.
///
/// - Complexity: Setting items is O(n); appending is O(k) in the items added.
@MainActor
public final class ArrayStore<Item: Identifiable & Sendable>: ListStore {
    public private(set) var items: [Item]
    public private(set) var view: [Int]?

    /// A store holding `items`, in natural order.
    public init(_ items: [Item] = []) {
        self.items = items
    }

    public func setItems(_ items: [Item]) {
        self.items = items
        view = nil
    }

    public func appendItems(_ items: [Item]) {
        self.items.append(adopting: items)
    }

    public func setView(_ view: [Int]?) {
        self.view = view
    }
}
