import Bookshelf
import Foundation
import ListKit
import ListKitTesting
import Testing

/// The datasets, tested with browse's own tools: a screen driver and a loopback book server.
@MainActor
@Suite struct LibraryTests {
    nonisolated static let catalogue = #"[{"title": "Dune", "author": "Frank Herbert", "year": 1965, "pages": 617}]"#

    /// The program's own context: its name goes to the server.
    func context(cache: URL, offline: Bool = false) -> DatasetContext {
        DatasetContext(
            cacheDirectory: cache, offline: offline, now: FixedClock.standard.now,
            program: ProgramIdentity(name: "custom-browser", version: "1.0.0", summary: "books"))
    }

    @Test func theShelfSortsByYear() async throws {
        let driver = try ScreenDriver(dataset: BookshelfDataset(), width: 80)
        _ = await driver.start()
        let sorted = await driver.run("sort year")
        #expect(sorted.screen.contains("1  紅樓夢"))
    }

    @Test func theLibraryIsDownloadedOnceAndOpensOffline() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: Self.catalogue)) }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let library = LibraryDataset(server: server.baseURL)
        let online = try ScreenDriver(dataset: library, context: context(cache: cache))
        #expect(await online.start().screen.contains("Frank Herbert"))
        let offline = try ScreenDriver(dataset: library, context: context(cache: cache, offline: true))
        #expect(await offline.start().screen.contains("Frank Herbert"))
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.headers["user-agent"] == "custom-browser/1.0.0")
    }

    @Test func aFailingServerIsOneLineAndAMissingAddressSaysWhatToSet() async throws {
        let server = try LoopbackServer { _ in .respond(.init(status: 503, text: "busy")) }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let first = try await ScreenDriver(
            dataset: LibraryDataset(server: server.baseURL), context: context(cache: cache)
        )
        .start()
        #expect(first.failed)
        #expect(first.messages.contains { $0.contains("503") })
        #expect(throws: LibraryError.noServer) {
            try LibraryDataset(server: nil).makeRootScreen(context: context(cache: cache))
        }
    }
}
