import ListKit

/// A book on the shelf.
struct Book: Identifiable, Sendable, Hashable {
    let title: String
    let author: String
    let year: Int
    let pages: Int
    var id: String { title }
}

/// This package's own dataset: a few books, in a table, with a detail for each.
struct BookshelfDataset: Dataset {
    var id: String { "books" }
    var title: String { "Bookshelf" }
    var summary: String { "a few books (defined by the CustomBrowser example package)" }

    static let books = [
        Book(title: "The Swift Programming Language", author: "Apple", year: 2014, pages: 1_000),
        Book(title: "紅樓夢", author: "曹雪芹", year: 1791, pages: 2_500),
        Book(title: "The Art of Computer Programming", author: "Donald Knuth", year: 1968, pages: 3_168),
        Book(
            title: "Structure and Interpretation of Computer Programs", author: "Abelson, Sussman", year: 1985,
            pages: 657),
    ]

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(title: id, items: Self.books) { (row: inout ColumnsRow, book) in
            row["title"] = .text(book.title)
            row["author"] = .text(book.author)
            row["year"] = .integer(book.year)
            row["pages"] = .integer(book.pages, grouped: true)
        } select: { book in
            .detail(
                Detail(
                    title: book.title,
                    fields: [
                        .init("title", book.title), .init("author", book.author),
                        .init("year", String(book.year)), .init("pages", String(book.pages)),
                    ]))
        }
    }
}
