// Generated from Sources/ListKit/ListKit.docc/StreamingRows.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import Foundation
import ListKit

// Sources/ListKit/ListKit.docc/StreamingRows.md, block 1

/// The book server's pages, one batch of books each.
struct BookPages: AsyncSequence, Sendable {
    let server: BookServer
    let progress: ProgressReporter

    struct AsyncIterator: AsyncIteratorProtocol {
        let server: BookServer
        let progress: ProgressReporter
        var upcoming: Int? = 1

        mutating func next() async throws -> [Book]? {
            guard let number = upcoming else { return nil }
            try Task.checkCancellation()
            progress.update { $0.step = "page \(number)" }
            let page = try await server.page(number, progress: progress)
            upcoming = page.next
            return page.books.map(\.book)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(server: server, progress: progress) }
}

struct LibraryDataset: Dataset {
    let server: URL
    var id: String { "library" }
    var title: String { "The library" }
    var summary: String { "every book of the book server, page by page" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let server = BookServer(base: server, context: context)
        let source = ListSource<Book>(id: "catalogue", title: "book server") { request in
            BookPages(server: server, progress: request.progress)
        }
        return GenericListController(
            title: id, sources: [source], columns: BookTable.columns, select: BookTable.select)
    }
}
