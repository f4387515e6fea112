import ListKit

/// Which detail is on top of a stack (its depth, title and row), so that the line a long
/// detail was paged to is kept while it stays, and starts again at the top for another.
@MainActor
struct DetailKey: Hashable {
    let depth: Int
    let title: String
    let row: Int?

    /// The key of the detail on top of `stack`; `nil` when a list or a chart is.
    init?(_ stack: NavigationStack) {
        guard case .detail(let detail, _, let row) = stack.top else { return nil }
        depth = stack.depth
        title = detail.title
        self.row = row
    }
}
