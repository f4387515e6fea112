import ListKit
import Synchronization
import Testing

/// Sources that deliver their items in batches: the first rows show as they arrive, filter and
/// sort follow what arrives, a stop keeps what arrived, an error after some batches keeps them.
@MainActor
@Suite struct StreamingTests {
    struct Book: Identifiable, Sendable {
        let id: Int
        let title: String
    }

    /// A gate a test opens to let the next batch through.
    final class Gate: Sendable {
        private let opened = Mutex(0)
        func open() { opened.withLock { $0 += 1 } }
        func pass(_ number: Int) async throws {
            while opened.withLock({ $0 }) < number {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the server closed the connection" }
    }

    /// A store that vouches its items' ids are unique, as a file's or a table's does: its
    /// batches are not merged by id.
    final class NumberedStore: ListStore {
        private(set) var items: [Book] = []
        private(set) var view: [Int]?
        let itemsAreUnique = true
        func setItems(_ items: [Book]) {
            self.items = items
            view = nil
        }
        func appendItems(_ items: [Book]) { self.items += items }
        func setView(_ view: [Int]?) { self.view = view }
    }

    func screen(
        _ gate: Gate, pages: [[String]], failAfter: Int? = nil, store: (any ListStore<Book>)? = nil
    ) -> GenericListController<Book, ColumnsRow> {
        let source = ListSource<Book>(id: "books", title: "book server") { _ in
            AsyncThrowingStream<[Book], any Error> { continuation in
                let task = Task {
                    var next = 0
                    for (page, titles) in pages.enumerated() {
                        if page > 0 { try await gate.pass(page) }
                        if let failAfter, page == failAfter { throw Failure() }
                        continuation.yield(
                            titles.map { title in
                                defer { next += 1 }
                                return Book(id: next, title: title)
                            })
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
                Task {
                    do { try await task.value } catch { continuation.finish(throwing: error) }
                }
            }
        }
        return GenericListController(title: "books", sources: [source], columns: [Column("title")], store: store) {
            row, book in
            row["title"] = .text(book.title)
        } select: { _ in
            .none
        }
    }

    func titles(_ list: GenericListController<Book, ColumnsRow>) -> [String] {
        (0..<list.count).map { list.item(at: $0).title }
    }

    /// Waits for `condition`, with a watchdog of a minute at least (a busy machine never reaches it).
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<12_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }

    @Test func theFirstRowsShowBeforeTheLastBatchAndFilterAndSortFollow() async throws {
        let gate = Gate()
        let list = screen(gate, pages: [["Dune", "Emma"], ["Ulysses", "Beloved"], ["Middlemarch"]])
        let progress = ProgressReporter()
        let load = Task { await list.load(force: false, progress: progress) }
        try await waitUntil { list.count == 2 }
        #expect(list.state == .receiving, "rows are shown while more are coming")
        try list.applyFilter("e")
        try list.applySort(SortOrder(column: "title", descending: true))
        #expect(titles(list) == ["Emma", "Dune"])
        gate.open()
        try await waitUntil { list.totalCount == 4 }
        #expect(titles(list) == ["Ulysses", "Emma", "Dune", "Beloved"], "the filter and sort follow what arrives")
        gate.open()
        await load.value
        #expect(list.state == .loaded)
        #expect(titles(list) == ["Ulysses", "Middlemarch", "Emma", "Dune", "Beloved"])
        #expect(progress.current.completed == 5)
    }

    @Test(arguments: [false, true])
    func aSourceAddedAfterTheBatchesMergesWithEveryRowThatArrived(numbered: Bool) async throws {
        let gate = Gate()
        let list = screen(
            gate, pages: [["Dune", "Emma"], ["Ulysses"], ["Beloved"]], store: numbered ? NumberedStore() : nil)
        let load = Task { await list.load(force: false, progress: ProgressReporter()) }
        gate.open()
        gate.open()
        await load.value
        #expect(titles(list) == ["Dune", "Emma", "Ulysses", "Beloved"])
        list.add(ListSource(id: "more", title: "more books") { _ in [Book(id: 10, title: "Middlemarch")] })
        await list.load(force: false, progress: ProgressReporter())
        #expect(titles(list) == ["Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"])
    }

    /// A source that shows a preview of its first rows and then hands over every row at once.
    func previewThenWhole(_ gate: Gate) -> ListSource<Book> {
        let all = ["Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"].enumerated().map { Book(id: $0, title: $1) }
        return ListSource<Book>(id: "books", title: "book file") { _, deliver in
            deliver(Array(all.prefix(2)))
            try await gate.pass(1)
            deliver.whole(all)
        }
    }

    func previewThenWhole(_ gate: Gate, store: (any ListStore<Book>)?) -> GenericListController<Book, ColumnsRow> {
        GenericListController(
            title: "books", sources: [previewThenWhole(gate)], columns: [Column("title")], store: store
        ) {
            row, book in
            row["title"] = .text(book.title)
        } select: { _ in
            .none
        }
    }

    @Test(arguments: [false, true])
    func aWholeListAfterAPreviewReplacesItAndKeepsTheFilterAndSort(numbered: Bool) async throws {
        let gate = Gate()
        let list = previewThenWhole(gate, store: numbered ? NumberedStore() : nil)
        let load = Task { await list.load(force: false, progress: ProgressReporter()) }
        try await waitUntil { list.count == 2 }
        try list.applyFilter("e")
        try list.applySort(SortOrder(column: "title", descending: true))
        #expect(titles(list) == ["Emma", "Dune"])
        gate.open()
        await load.value
        #expect(list.totalCount == 5, "the preview's rows are not added twice")
        #expect(titles(list) == ["Ulysses", "Middlemarch", "Emma", "Dune", "Beloved"])
        list.add(ListSource(id: "more", title: "more books") { _ in [Book(id: 10, title: "Persuasion")] })
        await list.load(force: false, progress: ProgressReporter())
        #expect(list.totalCount == 6, "the whole list is what the source holds")
    }

    @Test func aWholeListReadAsBatchesGivesItsRestAfterThePreview() async throws {
        let gate = Gate()
        gate.open()
        let source = previewThenWhole(gate)
        let books = try await source.load(LoadRequest(progress: ProgressReporter(), refresh: false))
        #expect(books.map(\.title) == ["Dune", "Emma", "Ulysses", "Beloved", "Middlemarch"])
        let produced = try #require(source.batches)
        var batches: [[String]] = []
        for try await batch in produced(LoadRequest(progress: ProgressReporter(), refresh: false)) {
            batches.append(batch.map(\.title))
        }
        #expect(batches == [["Dune", "Emma"], ["Ulysses", "Beloved", "Middlemarch"]])
    }

    @Test func stoppingKeepsWhatArrived() async throws {
        let gate = Gate()
        let list = screen(gate, pages: [["Dune", "Emma"], ["Ulysses"]])
        let progress = ProgressReporter()
        let load = Task { await list.load(force: false, progress: progress) }
        try await waitUntil { list.count == 2 }
        load.cancel()
        await load.value
        #expect(list.state == .loaded)
        #expect(titles(list) == ["Dune", "Emma"])
        #expect(progress.takeNotes() == ["stopped loading book server: the 2 rows that arrived are kept"])
    }

    @Test func anErrorAfterSomeBatchesKeepsThemWithANote() async throws {
        let gate = Gate()
        let list = screen(gate, pages: [["Dune", "Emma"], ["Ulysses"]], failAfter: 1)
        let progress = ProgressReporter()
        let load = Task { await list.load(force: false, progress: progress) }
        try await waitUntil { list.count == 2 }
        gate.open()
        await load.value
        #expect(list.state == .loaded)
        #expect(titles(list) == ["Dune", "Emma"])
        #expect(list.sourceFailures.map(\.reason) == ["the server closed the connection"])
        #expect(progress.takeNotes() == ["book server: the rows that arrived (2) are kept"])
    }
}
