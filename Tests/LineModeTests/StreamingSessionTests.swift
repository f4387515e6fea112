import Foundation
import LineMode
import ListKit
import Synchronization
import Testing

/// At a prompt, a streaming dataset shows its first rows before the rest has arrived, keeps
/// loading while the person reads, and an export waits for all of it.
@MainActor
@Suite struct StreamingSessionTests {
    struct Book: Identifiable, Sendable {
        let id: Int
        let title: String
    }

    final class Gate: Sendable {
        private let opened = Mutex(false)
        func open() { opened.withLock { $0 = true } }
        var isOpen: Bool { opened.withLock { $0 } }
    }

    struct SlowBooks: Dataset {
        let gate: Gate
        var id: String { "books" }
        var title: String { "Books" }
        var summary: String { "arrive a page at a time" }

        @MainActor func makeRootScreen(context: DatasetContext) -> any ListScreen {
            let gate = gate
            let source = ListSource<Book>(id: "pages", title: "book server") { _ in
                AsyncStream<[Book]> { continuation in
                    let task = Task {
                        continuation.yield([Book(id: 0, title: "Dune"), Book(id: 1, title: "Emma")])
                        // The gate opens when the person types again. No clock opens it: every test on
                        // the main actor shares it with this session, and one busy there for minutes
                        // (a whole-suite run on two cores) left the first page waiting past any
                        // deadline. The test's time limit ends a session that never asks again.
                        while !gate.isOpen && !Task.isCancelled {
                            try? await Task.sleep(for: .milliseconds(5))
                        }
                        continuation.yield([Book(id: 2, title: "Ulysses")])
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            }
            return GenericListController(title: id, sources: [source], columns: [Column("title")]) {
                (row: inout ColumnsRow, book) in
                row["title"] = .text(book.title)
            } select: { _ in
                .none
            }
        }
    }

    /// Lines for the session; asking for the second one opens the gate, as time passing would.
    struct Typing: LineSource {
        var lines: [String]
        let gate: Gate
        var asked = 0
        mutating func nextLine() async -> InputLine? {
            asked += 1
            if asked == 2 { gate.open() }
            return lines.isEmpty ? nil : .line(lines.removeFirst())
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func theFirstRowsShowAtOnceAndAnExportWaitsForTheRest() async throws {
        let gate = Gate()
        let output = StringSink()
        let errors = StringSink()
        let session = Session(
            registry: try DatasetRegistry([SlowBooks(gate: gate)]),
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(width: 60, interactive: true), output: output, errors: errors)
        var typing = Typing(lines: ["open books", "export csv"], gate: gate)
        _ = await session.run(&typing)
        #expect(output.text.contains("rows 1–2 of 2… loading"), "the first page shows before the last batch")
        #expect(output.text.contains("title\nDune\nEmma\nUlysses\n"), "the export waited for every row")
    }
}
