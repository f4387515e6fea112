import BrowseSupport
import ListKit

@testable import DatabaseDatasets

/// What both engines' screen tests expect of the same 600-row table, and how they read it.
enum ScreenExpectations {
    /// A database screen over `source`, loaded.
    @MainActor
    static func loaded(_ connection: any DatabaseConnection, _ source: DatabaseSource) async -> DatabaseScreen {
        let screen = DatabaseScreen(connection: connection, source: source)
        await screen.load(force: false, progress: ProgressReporter())
        return screen
    }

    /// The `id` of each row.
    static func ids(_ rows: [[NamedCell]]) -> [String] {
        rows.map { $0.first { $0.name == "id" }?.cell.text ?? "?" }
    }

    /// The ids of rows 1–600 whose `v` is `i % 13` (missing for multiples of 7), in the order a
    /// sort by `v` descending gives, sorted in Swift: missing last, ties by id.
    static let idsByValueDescending: [String] = (1...600).map { i in (i, i % 7 == 0 ? nil : i % 13) }.sorted {
        a, b in
        switch (a.1, b.1) {
        case (let x?, let y?): x != y ? x > y : a.0 < b.0
        case (nil, nil): a.0 < b.0
        case (nil, _): false
        case (_, nil): true
        }
    }.map { String($0.0) }
}
