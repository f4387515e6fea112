import Foundation
import ListKit
import ListKitNetworking

/// The library's catalogue, read from a book server (`GET /books.json`: `[{"title": …,
/// "author": …, "year": …, "pages": …}]`), downloaded politely with the program's own client
/// and kept for an hour, so it also opens with `--offline`.
public struct LibraryDataset: Dataset {
    /// The book server; `nil` when the program was given none.
    let server: URL?

    /// - Parameter server: The book server's address; `nil` makes the dataset say what to set.
    public init(server: URL?) {
        self.server = server
    }

    public var id: String { "library" }
    public var title: String { "The library" }
    public var summary: String { "the library's catalogue, from the book server in CUSTOM_BROWSER_LIBRARY_URL" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        guard let server else { throw LibraryError.noServer }
        let url = server.appendingPathComponent("books.json")
        let source = ListSource<Book>(id: "catalogue", title: "book server") { request in
            try await context.download([CatalogueEntry].self, from: url, fresh: .hours(1), for: request).map(\.book)
        }
        return GenericListController(
            title: id, sources: [source], columns: BookTable.columns, configure: BookTable.configure,
            select: BookTable.select)
    }
}

/// A book as the server writes it.
private struct CatalogueEntry: Decodable, Sendable {
    let title: String
    let author: String
    let year: Int
    let pages: Int

    var book: Book { Book(title: title, author: author, year: year, pages: pages) }
}

/// What can stop the library from opening, in the words of the program.
public enum LibraryError: UserFacingError {
    case noServer

    public var description: String {
        "the library needs its book server: set CUSTOM_BROWSER_LIBRARY_URL to its address"
    }

    public var exitCode: ExitCode { .usage }
}
