import Foundation
import ListKit
import TestSupport
import Testing

@testable import LineMode

/// `show COL` scrolls a column off the screen into view; a list with nothing to scroll is
/// left as it is, with no word about room.
@MainActor
@Suite struct ShowColumnTests {
    func start(_ screen: any ListScreen, width: Int) async -> (Session, StringSink) {
        let errors = StringSink()
        let session = Session(
            registry: DatasetRegistry(),
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(width: width), output: StringSink(), errors: errors)
        await session.start(with: screen)
        session.show()
        return (session, errors)
    }

    @Test func aColumnLeftOutAtTheRightIsScrolledIn() async throws {
        let list = ViewWidthsTests.quotes()
        let (session, errors) = await start(list, width: 40)
        #expect(!list.columnChoice.visible(list.columns).columns.prefix(3).contains { $0.name == "note" })
        _ = await session.execute("show note")
        #expect(list.columnChoice.scrollOffset > 0, "scrolled")
        #expect(session.scroll(toShow: "note", in: list), "and on the screen")
        #expect(errors.text.isEmpty, "\(errors.text)")
    }

    @Test func aListOfLinesOrOfNoRowsHasNothingToScroll() async throws {
        let films = [Quote(id: 1, name: "A New Hope", volume: 0, close: nil)]
        let lines = GenericListController(title: "films", items: films) { (row: inout SubtitleRow, film) in
            row.text = .text(film.name)
            row.detail = .text(String(repeating: "long ", count: 30))
            row.names = ("title", "blurb")
        } select: { _ in
            .none
        }
        let (session, errors) = await start(lines, width: 40)
        _ = await session.execute("show blurb")
        #expect(!errors.text.contains("no room"), "\(errors.text)")
        #expect(lines.columnChoice.scrollOffset == 0)

        let quotes = ViewWidthsTests.quotes()
        let (empty, emptyErrors) = await start(quotes, width: 40)
        _ = await empty.execute("/no such quote")
        _ = await empty.execute("show note")
        #expect(!emptyErrors.text.contains("no room"), "\(emptyErrors.text)")
    }
}
