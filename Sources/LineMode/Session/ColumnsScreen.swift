import ListKit

/// The screen of `cols`: a list's columns, itself a list driven by the same controller, each
/// said to be pinned, shown, scrolled past, hidden or not shown. Choosing a column sorts the
/// list by it and goes back to it.
@MainActor
enum ColumnsScreen {
    /// One column of the list, as a row of the columns screen.
    struct Entry: Identifiable, Sendable {
        let position: Int
        let column: Column
        let shown: String
        let missing: Int?
        var id: Int { position }
    }

    static func make(for list: any ListScreen) -> any ListScreen {
        let (visible, _, _) = list.columnChoice.visible(list.columns)
        let shown = Set(list.columnChoice.shown(list.columns).map(\.name))
        let onScreen = Set(visible.map(\.name))
        let pinned = Set(list.columnChoice.pinnedColumns(list.columns).map(\.name))
        let entries = list.columns.enumerated().map { offset, column in
            let state: String
            if list.columnChoice.hidden.contains(column.name) {
                state = "hidden"
            } else if !shown.contains(column.name) {
                state = column.isShownByDefault ? "left out by only" : "not shown (show \(column.name))"
            } else if pinned.contains(column.name) {
                state = "pinned"
            } else {
                state = onScreen.contains(column.name) ? "shown" : "scrolled past"
            }
            return Entry(
                position: offset + 1, column: column, shown: state, missing: list.missingValues(in: column.name))
        }
        var columns: [ListColumn<Entry>] = [
            ListColumn("column", kind: .text, priority: 9, minimumWidth: 10, isName: true, isPinnedByDefault: true) {
                .text($0.column.name)
            },
            ListColumn("kind", kind: .text, priority: 5) { .text($0.column.kind.rawValue) },
            .text("shown", \.shown, priority: 4, minimumWidth: 8),
        ]
        if entries.contains(where: { $0.missing != nil }) {
            columns.append(
                ListColumn("missing", kind: .integer, priority: 3) {
                    $0.missing.map { Cell.integer($0, grouped: true) } ?? .missing
                })
        }
        let controller = GenericListController(
            title: "columns of \(list.title)", items: entries, columns: columns
        ) { [weak list] entry in
            guard let list else { return .none }
            try list.applySort(SortOrder(column: entry.column.name))
            return .back
        }
        return controller
    }
}
