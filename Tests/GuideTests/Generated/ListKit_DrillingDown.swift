// Generated from Sources/ListKit/ListKit.docc/DrillingDown.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import ListKit

// Sources/ListKit/ListKit.docc/DrillingDown.md, block 1

struct Author: Identifiable, Sendable {
    let name: String
    let books: [Book]
    var id: String { name }
}

struct AuthorsDataset: Dataset {
    var id: String { "authors" }
    var title: String { "Authors on our shelf" }
    var summary: String { "each author, and their books" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let authors = Dictionary(grouping: Book.shelf, by: \.author)
            .map { Author(name: $0.key, books: $0.value) }
            .sorted { $0.name < $1.name }
        return GenericListController(title: id, items: authors) { (row: inout SubtitleRow, author) in
            row.names = ("author", "books")
            row.text = .text(author.name)
            row.detail = .integer(author.books.count)
        } select: { author in
            .push(bookTable(title: author.name, books: author.books))
        }
    }
}

// Sources/ListKit/ListKit.docc/DrillingDown.md, block 2
struct Review: Identifiable, Sendable {
    let id: Int
    let reader: String
    let stars: Int
}

/// Books whose reviews are looked up when a book is chosen.
@MainActor
func reviewedBooks(
    _ books: [Book], reviews: @escaping @Sendable (Book, ProgressReporter) async throws -> [Review]
) -> GenericListController<Book, BasicRow> {
    GenericListController(title: "reviewed", items: books) { (row: inout BasicRow, book) in
        row.text = .text(book.title)
        row.textName = "book"
    } select: { book in
        .pending(title: "reviews of \(book.title)") { progress in
            let found = try await reviews(book, progress)
            guard !found.isEmpty else { return .message("nobody has reviewed \(book.title) yet") }
            return .push(
                GenericListController(title: "reviews of \(book.title)", items: found) {
                    (row: inout SubtitleRow, review) in
                    row.names = ("reader", "stars")
                    row.text = .text(review.reader)
                    row.detail = .integer(review.stars)
                } select: { review in
                    .message("\(review.reader): \(String(repeating: "★", count: review.stars))")
                })
        }
    }
}
