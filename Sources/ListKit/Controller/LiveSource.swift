/// What makes a screen's rows live: `watch` at the prompt reloads it every few seconds.
@MainActor
package struct LiveSource {
    /// Why the rows will not change now (`the market is closed …`), or `nil` when they may.
    package var closedNote: @MainActor () -> String?
    /// The line the prompt shows under a watched screen: when its data was taken.
    package var status: @MainActor () -> String?

    package init(
        closedNote: @escaping @MainActor () -> String?, status: @escaping @MainActor () -> String? = { nil }
    ) {
        self.closedNote = closedNote
        self.status = status
    }
}

/// A screen `watch` can refresh.
@MainActor
package protocol LiveScreen: AnyObject {
    /// How its rows are live; `nil` for a screen whose rows do not change by themselves.
    var live: LiveSource? { get }
    /// Whether `watch` can open a live screen of this screen's rows (their quotes).
    var watchesRows: Bool { get }
    /// The live screen `watch` opens for the rows in `range` of the view, or `nil` when they
    /// have nothing to watch.
    func liveScreen(forRowsIn range: Range<Int>) -> (any ListScreen)?
}
