import ListKit

/// A book on the shelf.
public struct Book: Identifiable, Sendable, Hashable {
    public let title: String
    public let author: String
    public let year: Int
    public let pages: Int
    public var id: String { title }

    public init(title: String, author: String, year: Int, pages: Int) {
        self.title = title
        self.author = author
        self.year = year
        self.pages = pages
    }
}

/// This package's own dataset: a few books, in a table, with a detail for each.
public struct BookshelfDataset: Dataset {
    public init() {}

    public var id: String { "books" }
    public var title: String { "Bookshelf" }
    public var summary: String { "a few books (defined by the CustomBrowser example package)" }

    static let books = [
        Book(title: "The Swift Programming Language", author: "Apple", year: 2014, pages: 1_000),
        Book(title: "紅樓夢", author: "曹雪芹", year: 1791, pages: 2_500),
        Book(title: "The Art of Computer Programming", author: "Donald Knuth", year: 1968, pages: 3_168),
        Book(
            title: "Structure and Interpretation of Computer Programs", author: "Abelson, Sussman", year: 1985,
            pages: 657),
    ]

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(title: id, items: Self.books, columns: BookTable.columns)
    }
}

/// How every screen of books shows them: each column once, with its value; the rows and a
/// book's detail come from the declaration.
enum BookTable {
    static var columns: [ListColumn<Book>] {
        [
            .text("title", \.title, priority: 10, minimumWidth: 12),
            .text("author", \.author, priority: 5, minimumWidth: 8),
            .integer("year", \.year, priority: 8),
            .integer("pages", \.pages, grouped: true),
        ]
    }
}
