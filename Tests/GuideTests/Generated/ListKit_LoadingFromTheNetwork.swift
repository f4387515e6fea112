// Generated from Sources/ListKit/ListKit.docc/LoadingFromTheNetwork.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import Foundation
import ListKit
import ListKitNetworking

// Sources/ListKit/ListKit.docc/LoadingFromTheNetwork.md, block 1

/// A book as the book server writes it.
struct BookRecord: Decodable, Sendable {
    let isbn: String
    let title: String
    let author: String
    let year: Int
    let pages: Int

    var book: Book { Book(isbn: isbn, title: title, author: author, year: year, pages: pages) }
}

/// One page of `GET /books?page=N`: its books, and the number of the next page if there is one.
struct BookPage: Decodable, Sendable {
    let books: [BookRecord]
    let next: Int?
}

/// What the book server's answers can mean for a person.
enum BookServerError: UserFacingError {
    case unreadable(page: Int)

    var description: String { "the book server's page \(pageNumber) is not a list of books" }
    var remedy: Remedy? { .retryLater(seconds: nil) }

    private var pageNumber: Int {
        switch self {
        case .unreadable(let page): return page
        }
    }
}

/// The book server, asked through the program's polite client.
struct BookServer: Sendable {
    let base: URL
    let client: any HTTPFetching

    init(base: URL, context: DatasetContext) {
        self.base = base
        client = context.httpClient
    }

    func url(ofPage number: Int) throws -> URL {
        var address = URLComponents(url: base.appendingPathComponent("books"), resolvingAgainstBaseURL: false)
        address?.queryItems = [URLQueryItem(name: "page", value: String(number))]
        guard let url = address?.url else { throw BookServerError.unreadable(page: number) }
        return url
    }

    func page(_ number: Int, progress: ProgressReporter) async throws -> BookPage {
        let response = try await client.get(try url(ofPage: number)) { received, total in
            progress.update {
                $0.unit = .bytes
                $0.completed = received
                $0.total = total
            }
        }
        do {
            return try JSONDecoder().decode(BookPage.self, from: response.body)
        } catch {
            throw BookServerError.unreadable(page: number)
        }
    }
}

// Sources/ListKit/ListKit.docc/LoadingFromTheNetwork.md, block 2
extension BookServer {
    /// The first page, kept for an hour.
    func newArrivals(context: DatasetContext, request: LoadRequest) async throws -> [Book] {
        let page = try await context.download(BookPage.self, from: try url(ofPage: 1), fresh: .hours(1), for: request)
        return page.books.map(\.book)
    }
}

// Sources/ListKit/ListKit.docc/LoadingFromTheNetwork.md, block 3
struct NewArrivalsDataset: Dataset {
    let server: URL
    var id: String { "new-arrivals" }
    var title: String { "New arrivals" }
    var summary: String { "the first page of the book server, kept for an hour" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let server = BookServer(base: server, context: context)
        let source = ListSource<Book>(id: "first-page", title: "book server") { request in
            try await server.newArrivals(context: context, request: request)
        }
        return GenericListController(
            title: id, sources: [source], columns: BookTable.columns, configure: BookTable.configure,
            select: BookTable.select)
    }
}
