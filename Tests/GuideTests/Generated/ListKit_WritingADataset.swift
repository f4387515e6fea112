// Generated from Sources/ListKit/ListKit.docc/WritingADataset.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import LineMode
import ListKit

// Sources/ListKit/ListKit.docc/WritingADataset.md, block 1

struct Book: Identifiable, Sendable, Hashable {
    let isbn: String
    let title: String
    let author: String
    let year: Int
    let pages: Int
    var id: String { isbn }
}

extension Book {
    static let shelf = [
        Book(isbn: "9780553293357", title: "Foundation", author: "Isaac Asimov", year: 1951, pages: 255),
        Book(isbn: "9780441172719", title: "Dune", author: "Frank Herbert", year: 1965, pages: 617),
        Book(isbn: "9780765377067", title: "The Three-Body Problem", author: "Liu Cixin", year: 2008, pages: 400),
        Book(isbn: "9780553283686", title: "Hyperion", author: "Dan Simmons", year: 1989, pages: 482),
        Book(isbn: "9780553382563", title: "I, Robot", author: "Isaac Asimov", year: 1950, pages: 224),
    ]
}

// Sources/ListKit/ListKit.docc/WritingADataset.md, block 2
/// The shelf's table: its columns, each with its value, and what choosing a book shows.
enum BookTable {
    static var columns: [ListColumn<Book>] {
        [
            .text("title", \.title, priority: 10, minimumWidth: 12),
            .text("author", \.author, priority: 5, minimumWidth: 8),
            .integer("year", \.year, priority: 8),
            .integer("pages", \.pages, grouped: true),
        ]
    }

    static func select(_ book: Book) -> Selection {
        .detail(
            Detail(
                title: book.title,
                fields: [.init("author", book.author), .init("published", String(book.year)), .init("ISBN", book.isbn)]))
    }
}

@MainActor
func bookTable(title: String, books: [Book]) -> GenericListController<Book, ColumnsRow> {
    GenericListController(title: title, items: books, columns: BookTable.columns, select: BookTable.select)
}

// Sources/ListKit/ListKit.docc/WritingADataset.md, block 3
struct BookshelfDataset: Dataset {
    var id: String { "shelf" }
    var title: String { "Our shelf" }
    var summary: String { "the books on our shelf" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        bookTable(title: id, books: Book.shelf)
    }
}

// Sources/ListKit/ListKit.docc/WritingADataset.md, block 4

enum ShelfOptions {
    static let size = TypedOption.integer("shelf-size", in: 1...500, summary: "show at most N books")
}

struct SizedShelfDataset: Dataset {
    var id: String { "sized-shelf" }
    var title: String { "Part of our shelf" }
    var summary: String { "the first books on our shelf" }
    var options: [OptionDeclaration] { [ShelfOptions.size.declaration] }

    @MainActor
    func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let size = try context.options.value(ShelfOptions.size) ?? 500
        return bookTable(title: id, books: Array(Book.shelf.prefix(size)))
    }
}

// Sources/ListKit/ListKit.docc/WritingADataset.md, block 5
@MainActor private func listKitWritingADatasetMain5() async {
    // main.swift

    await Launcher.main(
        identity: ProgramIdentity(name: "bookshelf", version: "1.0.0", summary: "the books on our shelf"),
        datasets: [BookshelfDataset()])
}
