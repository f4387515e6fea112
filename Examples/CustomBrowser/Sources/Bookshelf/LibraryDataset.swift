import Foundation
import ListKit
import ListKitNetworking

/// The library's catalogue, read from a book server (`GET /books.json`: `[{"title": …,
/// "author": …, "year": …, "pages": …}]`) named by `CUSTOM_BROWSER_LIBRARY_URL`, downloaded
/// politely and kept for an hour, so it also opens with `--offline`.
public struct LibraryDataset: Dataset {
    public init() {}

    public var id: String { "library" }
    public var title: String { "The library" }
    public var summary: String { "the library's catalogue, from the book server in CUSTOM_BROWSER_LIBRARY_URL" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        guard let address = context.environment["CUSTOM_BROWSER_LIBRARY_URL"], let base = URL(string: address) else {
            throw LibraryError.noServer
        }
        let url = base.appendingPathComponent("books.json")
        let downloader = CachedDownloader(
            client: HTTPClient.shared(
                cacheFolder: context.cacheDirectory, maxBodyBytes: context.maxInputBytes,
                userAgent: context.program.userAgent),
            cache: CacheStore(folder: context.cacheDirectory), offline: context.offline, now: context.now)
        let rule = DownloadRule<[Book]>(
            title: "the library's catalogue", isFresh: DownloadFreshness.lasts(seconds: 3600).rule,
            decode: { body, _ in
                do {
                    return try JSONDecoder().decode([CatalogueEntry].self, from: body).map(\.book)
                } catch {
                    throw LibraryError.unreadable
                }
            }, isEmpty: \.isEmpty)
        let source = ListSource<Book>(id: "catalogue", title: "book server") { request in
            try await downloader.fetch(
                url, key: CachedDownloader.key(for: url, under: "library"), rule: rule, refresh: request.refresh,
                note: { request.progress.note($0) }
            ).value
        }
        return GenericListController(
            title: id, sources: [source], columns: BookTable.columns, configure: BookTable.configure,
            select: BookTable.select)
    }
}

/// A book as the server writes it.
private struct CatalogueEntry: Decodable {
    let title: String
    let author: String
    let year: Int
    let pages: Int

    var book: Book { Book(title: title, author: author, year: year, pages: pages) }
}

/// What can stop the library from opening, in the words of the program.
public enum LibraryError: UserFacingError {
    case noServer
    case unreadable

    public var description: String {
        switch self {
        case .noServer: return "the library needs its book server: set CUSTOM_BROWSER_LIBRARY_URL to its address"
        case .unreadable: return "the book server's catalogue is not a list of books"
        }
    }

    public var exitCode: ExitCode { self == .noServer ? .usage : .failure }
}
