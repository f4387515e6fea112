import Foundation
import ListKit
import Testing

@MainActor
@Suite struct GuideTests {
    let context = DatasetContext(
        cacheDirectory: FileManager.default.temporaryDirectory,
        program: ProgramIdentity(name: "guide-tests", version: "1.0.0", summary: "the guides' examples"))

    @Test func theExampleLoadsWithProgressAndDrillsDown() async throws {
        let screen = SolarSystemDataset().makeRootScreen(context: context)
        #expect(screen.state == .idle)
        let progress = ProgressReporter()
        await screen.load(force: false, progress: progress)
        #expect(screen.count == 5)
        #expect(progress.current.completed == 5)
        #expect(screen.columnNames == ["planet", "distance (AU)", "moons"])
        try screen.applySort(SortOrder(column: "moons", descending: true))
        guard case .push(let moons) = try screen.select(at: 0) else {
            Issue.record("Jupiter drills down to its moons")
            return
        }
        #expect(moons.title == "moons of Jupiter")
        #expect(moons.count == 4)
        guard case .message(let text) = try screen.select(at: 4) else {
            Issue.record("a planet without moons says so")
            return
        }
        #expect(text.hasSuffix("has no moons"))
    }

    @Test func theReadmesMountainsSortAndShowADetail() throws {
        let screen = MountainsDataset().makeRootScreen(context: context)
        #expect(screen.columnNames == ["mountain", "metres"])
        try screen.applySort(SortOrder(column: "metres", descending: true))
        #expect(column("mountain", of: screen) == ["Everest", "Denali", "Kilimanjaro"])
        guard case .detail(let detail) = try screen.select(at: 0) else {
            Issue.record("choosing a mountain shows its detail")
            return
        }
        #expect(detail.fields == [.init("height", "8849 m")])
    }

    @Test func theOverviewsLighthousesListAndShowADetail() throws {
        let screen = LighthousesDataset().makeRootScreen(context: context)
        #expect(screen.columnNames == ["lighthouse", "first lit"])
        #expect(column("lighthouse", of: screen) == ["Eddystone", "Bell Rock"])
    }

    @Test func authorsDrillIntoTheirBooks() throws {
        let screen = AuthorsDataset().makeRootScreen(context: context)
        #expect(column("author", of: screen).first == "Dan Simmons")
        let asimov = try #require(column("author", of: screen).firstIndex(of: "Isaac Asimov"))
        guard case .push(let books) = try screen.select(at: asimov) else {
            Issue.record("an author opens their books")
            return
        }
        #expect(column("title", of: books) == ["Foundation", "I, Robot"])
    }

    @Test func aPendingDrillWaitsForItsWorkThenPushes() async throws {
        let screen = reviewedBooks(Book.shelf) { book, _ in
            book.author == "Frank Herbert" ? [Review(id: 1, reader: "Ann", stars: 5)] : []
        }
        guard case .pending(let title, let resolve) = try screen.select(at: 1) else {
            Issue.record("choosing a book looks up its reviews first")
            return
        }
        #expect(title == "reviews of Dune")
        guard case .push(let reviews) = try await resolve(ProgressReporter()) else {
            Issue.record("the reviews open as a list")
            return
        }
        #expect(column("reader", of: reviews) == ["Ann"])
        guard case .pending(_, let none) = try screen.select(at: 0),
            case .message(let text) = try await none(ProgressReporter())
        else {
            Issue.record("a book nobody reviewed says so")
            return
        }
        #expect(text == "nobody has reviewed Foundation yet")
    }

    /// The texts of one column, in the screen's order.
    private func column(_ name: String, of screen: any ListScreen) -> [String] {
        screen.rows(in: 0..<screen.count).map { cells in
            cells.first { $0.name == name }?.cell.value.exportText ?? "?"
        }
    }
}
