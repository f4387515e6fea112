// Generated from Sources/ListKit/ListKit.docc/TestingADataset.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

// Sources/ListKit/ListKit.docc/TestingADataset.md, block 1

@MainActor
@Suite struct BookshelfTests {
    @Test func theShelfSortsByPagesAndShowsABooksDetail() async throws {
        let driver = try ScreenDriver(dataset: BookshelfDataset(), width: 60)
        let first = await driver.start()
        #expect(first.screen.contains("rows 1–5 of 5"))
        let sorted = await driver.run("sort pages desc")
        #expect(sorted.screen.contains("1  Dune"))
        let detail = await driver.run("1")
        #expect(detail.screen.contains("Frank Herbert"))
    }

    @Test func aNarrowTerminalKeepsTheYearWhole() async throws {
        let driver = try ScreenDriver(dataset: BookshelfDataset(), width: 30)
        let first = await driver.start()
        #expect(first.screen.contains("1951"))
    }
}

// Sources/ListKit/ListKit.docc/TestingADataset.md, block 2

/// A book server of three pages, one book each; `failing` answers 503 from the second page on.
func bookServer(failing: Bool = false) throws -> LoopbackServer {
    try LoopbackServer { request in
        let page = Int(request.query("page") ?? "") ?? 1
        if failing && page > 1 { return .respond(LoopbackServer.Response(status: 503, text: "busy")) }
        let next = page < 3 ? String(page + 1) : "null"
        let book = #"{"isbn": "\#(page)", "title": "Book \#(page)", "author": "A. Writer", "year": 2000, "pages": 100}"#
        return .respond(LoopbackServer.Response(text: #"{"books": [\#(book)], "next": \#(next)}"#))
    }
}

@MainActor
@Suite struct LibraryTests {
    @Test func everyPageArrives() async throws {
        let server = try bookServer()
        defer { server.stop() }
        let driver = try ScreenDriver(dataset: LibraryDataset(server: server.baseURL), width: 60)
        let first = await driver.start()
        #expect(first.screen.contains("rows 1–3 of 3"))
        #expect(server.requests.compactMap { $0.query("page") } == ["1", "2", "3"])
    }

    @Test func aFailedPageKeepsTheBooksThatArrived() async throws {
        let server = try bookServer(failing: true)
        defer { server.stop() }
        let driver = try ScreenDriver(dataset: LibraryDataset(server: server.baseURL), width: 60)
        let first = await driver.start()
        #expect(first.screen.contains("Book 1"))
        #expect(first.messages.contains { $0.contains("503") })
    }

    @Test func newArrivalsAreKeptForOfflineUse() async throws {
        let server = try bookServer()
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bookshelf-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        var online = DatasetContext(cacheDirectory: cache, now: FixedClock.standard.now, program: .bookshelfTests)
        // A client of the test's own: no throttle to wait for, and a name the server can check.
        online.services.httpClient = HTTPClient(throttle: nil, userAgent: ProgramIdentity.bookshelfTests.userAgent)
        let first = try await ScreenDriver(dataset: NewArrivalsDataset(server: server.baseURL), context: online).start()
        #expect(first.screen.contains("Book 1"))
        var offline = online
        offline.offline = true
        let again = try await ScreenDriver(dataset: NewArrivalsDataset(server: server.baseURL), context: offline).start()
        #expect(again.screen.contains("Book 1"))
        #expect(server.requests.count == 1, "offline never asks")
        #expect(server.requests.first?.headers["user-agent"] == "bookshelf-tests/1.0.0")
    }
}

extension ProgramIdentity {
    /// The program the tests say they are: every context names one.
    static let bookshelfTests = ProgramIdentity(name: "bookshelf-tests", version: "1.0.0", summary: "tests")
}
