/// The screens a user has drilled through, like `UINavigationController`'s stack.
@MainActor
package final class NavigationStack {
    /// One level of the stack.
    @MainActor
    package enum Screen {
        case list(any ListScreen)
        /// A detail view, remembering the list and row it came from so `n`/`p` can step.
        case detail(Detail, from: (any ListScreen)?, row: Int?)
        /// A chart of a list's view, drawn to fit the terminal.
        case chart(ChartData, from: any ListScreen)

        /// The breadcrumb title of this level.
        package var title: String {
            switch self {
            case .list(let list): return list.title
            case .detail(let detail, _, _): return detail.title
            case .chart(let chart, _): return "chart \(chart.request.y.name)"
            }
        }
    }

    package private(set) var screens: [Screen]

    /// A stack whose bottom is `root`.
    package init(root: Screen) {
        screens = [root]
    }

    /// The screen on top.
    package var top: Screen { screens[screens.count - 1] }

    /// The titles from the root down: `datasets › films › Return of the Jedi`.
    package var breadcrumb: [String] { screens.map(\.title) }

    package var depth: Int { screens.count }

    package func push(_ screen: Screen) {
        screens.append(screen)
    }

    /// Replaces the top screen (a detail stepping to the next row).
    package func replaceTop(_ screen: Screen) {
        screens[screens.count - 1] = screen
    }

    /// Pops the top screen; returns false at the root, which stays.
    @discardableResult
    package func pop() -> Bool {
        guard screens.count > 1 else { return false }
        screens.removeLast()
        return true
    }

    /// Pops back to the root.
    package func home() {
        screens.removeSubrange(1...)
    }
}
