import BrowseSupport
import Foundation
import ListKit
import Testing

// The examples in ListKit's doc comments, compiled here as written (the test below checks that
// every ```swift block of ListKit's sources appears in this file), so none can rot.

private struct ExampleFilm: Identifiable, Sendable {
    let title: String
    let releaseYear: Int
    var id: String { title }
    static let all = [ExampleFilm(title: "Star Wars: A New Hope", releaseYear: 1977)]
}

private struct ExampleFullFilm: Identifiable, Sendable {
    let title: String
    let releaseYear: Int
    let director: String
    var id: String { title }
    static let all = [ExampleFullFilm(title: "Star Wars: A New Hope", releaseYear: 1977, director: "George Lucas")]
}

private struct ExampleCompany: Identifiable, Sendable {
    struct Code: Hashable, Sendable { let rawValue: String }
    let code: Code
    let capital: Int64
    var id: Code { code }
}

private struct Day: Identifiable, Sendable {
    let id: String
}

private struct ExamplePerson: Identifiable, Sendable {
    let name: String
    var id: String { name }
}

private struct Book: Identifiable, Sendable {
    let title: String
    var id: String { title }
}

/// Pages of books, one batch a page, as a paged API would send them.
private struct PagedBooks: AsyncSequence, Sendable {
    typealias Element = [Book]
    let server: [[String]]
    let progress: ProgressReporter

    struct AsyncIterator: AsyncIteratorProtocol {
        var pages: [[String]]
        mutating func next() async throws -> [Book]? {
            guard !pages.isEmpty else { return nil }
            return pages.removeFirst().map(Book.init)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: server) }
}

// DatasetServiceKey
enum WeatherStationsKey: DatasetServiceKey {
    static func defaultValue(in context: DatasetContext) -> [String] { ["466920"] }
}

extension DatasetServices {
    var weatherStations: [String]? {
        get { self[WeatherStationsKey.self] }
        set { self[WeatherStationsKey.self] = newValue }
    }
}

extension DatasetContext {
    var weatherStations: [String] { self[service: WeatherStationsKey.self] }
}

// ListError
/// What choosing row `index` does; `nil` when the view has no such row.
@MainActor
func selection(of screen: any ListScreen, at index: Int) throws -> Selection? {
    do {
        return try screen.select(at: index)
    } catch let error as ListError where error.code == .rowOutOfRange {
        return nil
    }
}

@MainActor
private enum Examples {
    static func controller() -> GenericListController<ExampleFilm, SubtitleRow> {
        typealias Film = ExampleFilm
        // GenericListController
        let films = GenericListController(title: "films", items: Film.all) { (row: inout SubtitleRow, film) in
            row.text = .text(film.title)
            row.detail = .integer(film.releaseYear)
        } select: { film in
            .detail(Detail(title: film.title, fields: [.init("released", String(film.releaseYear))]))
        }
        return films
    }

    static func subtitle() -> (inout SubtitleRow, ExampleFilm) -> Void {
        // SubtitleRow
        return { (row: inout SubtitleRow, film) in
            row.text = .text(film.title)
            row.detail = .integer(film.releaseYear)
            row.names = ("title", "year")
        }
    }

    static func basic(_ people: [ExamplePerson]) -> GenericListController<ExamplePerson, BasicRow> {
        // BasicRow
        GenericListController(title: "people", items: people) { (row: inout BasicRow, person) in
            row.text = .text(person.name)
        } select: { person in
            .message(person.name)
        }
    }

    static func columns() -> (inout ColumnsRow, ExampleCompany) -> Void {
        // ColumnsRow
        return { (row: inout ColumnsRow, company) in
            row["code"] = .text(company.code.rawValue)
            row["capital"] = .integer(company.capital, grouped: true)
        }
    }

    static func cells() -> ColumnsRow {
        var row = ColumnsRow()
        // Cell
        row["capital"] = .integer(259_327_332_420, grouped: true)  // shows 259,327,332,420
        row["close"] = .decimal(ExactDecimal("1,045.00"))  // shows 1045.00
        return row
    }

    static func declaredColumns() -> [Column] {
        // Column
        [
            Column("code", kind: .code, priority: 10, isPinnedByDefault: true),
            Column("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true),
            Column("change", kind: .decimal, short: "chg", priority: 8),
        ]
    }

    static func textWidth() -> Int {
        // TextWidth
        let characters = TextWidth { utf8 in String(decoding: utf8, as: UTF8.self).count }
        let width = characters.of("台積電")  // 3
        return width
    }

    static func listColumns() -> [ListColumn<ExampleFullFilm>] {
        typealias Film = ExampleFullFilm
        // ListColumn
        let columns: [ListColumn<Film>] = [
            .text("title", \.title, priority: 10, isName: true),
            .integer("year", \.releaseYear, priority: 9),
            .text("director", \.director, priority: 5),
        ]
        return columns
    }

    static func controllerFromColumns() -> GenericListController<ExampleFullFilm, ColumnsRow> {
        typealias Film = ExampleFullFilm
        // GenericListController.init(title:items:columns:searchText:header:)
        return GenericListController(
            title: "films", items: Film.all,
            columns: [
                .text("title", \.title, priority: 10),
                .integer("year", \.releaseYear, priority: 9),
            ])
    }

    static func streaming(_ server: [[String]]) -> ListSource<Book> {
        // ListSource
        ListSource(id: "books", title: "book server") { request in
            PagedBooks(server: server, progress: request.progress)  // an AsyncSequence of [Book]
        }
    }

    static func datasetCommand() -> DatasetCommand {
        // DatasetCommand
        DatasetCommand(
            name: "stock", usage: "stock CODE [--months N]", summary: "a security's daily prices, by its code",
            options: [OptionDeclaration("months", value: "N", summary: "open with N months")]
        ) { arguments, context in
            let code = arguments.positionals.first ?? ""
            return GenericListController(title: code, items: [Day]()) { (row: inout BasicRow, day) in
                row.text = .text(day.id)
            } select: { _ in
                .none
            }
        }
    }

    static func identity() -> ProgramIdentity {
        // ProgramIdentity
        ProgramIdentity(name: "bookshelf", version: "1.2.0", summary: "the books on our shelves")
    }

    static func rowWriter() -> ExportRowWriter {
        // ExportRowWriter
        let writer = ExportRowWriter(format: .csv, columns: ["name", "price"])
        writer.beginRow()
        writer.appendField(Array("a, b".utf8), isNumeric: false)
        writer.appendMissing()
        writer.endRow()  // writer.bytes holds `"a, b",\n`
        return writer
    }

    static func option() -> OptionDeclaration {
        // OptionDeclaration
        OptionDeclaration("market", value: "listed|otc|emerging|all", summary: "companies of one market only")
    }

    static func services(cache: URL, identity: ProgramIdentity) -> DatasetContext {
        // DatasetServices
        var context = DatasetContext(cacheDirectory: cache, program: identity)
        context.services.weatherStations = ["466920", "467490"]
        return context
    }

    /// A screen of days with an `older` command that adds a day per word and has the front end
    /// load them.
    static func loadingCommand(_ controller: GenericListController<Day, BasicRow>) -> ListCommand {
        let olderCommand = ListCommandDeclaration(name: "older", usage: "older DAY…", summary: "more days")
        func months(_ arguments: String) throws -> [String] { arguments.split(separator: " ").map(String.init) }
        func source(for month: String) -> ListSource<Day> {
            ListSource(id: month, title: month) { _ in [Day(id: month)] }
        }
        // Selection.load(then:)
        return ListCommand(olderCommand) { arguments, _ in
            for month in try months(arguments) { controller.add(source(for: month)) }
            return .load { ending, progress in
                if ending == .interrupted { progress.note("older fetches the rest first") }
                return .none
            }
        }
    }

    static func screenCommand() -> ListCommandDeclaration {
        // ListCommandDeclaration
        ListCommandDeclaration(name: "older", usage: "older [N]", summary: "fetch N more months (default 1)")
    }

    static func typedOptions() -> (TypedOption<Int>, TypedOption<URL>) {
        // TypedOption
        let months = TypedOption.integer(
            "months", in: 1...120, summary: "open with N months", expectation: "give a number of months from 1 to 120")
        let server = TypedOption.url("server", summary: "where the readings come from")
        return (months, server)
    }

    static func months(_ context: DatasetContext) throws -> Int {
        // OptionValues
        let months = try context.options.value(Options.months) ?? 1
        return months
    }

    static func argument() -> ArgumentDeclaration {
        // ArgumentDeclaration
        ArgumentDeclaration("CODE", summary: "a security's code") { context in ["2330", "2317"] }
    }
}

private enum Options {
    static let months = TypedOption.integer(
        "months", in: 1...120, summary: "open with N months", expectation: "give a number of months from 1 to 120")
}

@MainActor
@Suite struct DocExampleTests {
    @Test func theExamplesDoWhatTheirCommentsSay() async throws {
        let films = Examples.controller()
        #expect(films.rows(in: 0..<1).first?.map(\.cell.text) == ["Star Wars: A New Hope", "1977"])
        var row = SubtitleRow()
        Examples.subtitle()(&row, ExampleFilm(title: "A", releaseYear: 1980))
        #expect(row.cells.map(\.name) == ["title", "year"])
        let people = Examples.basic([ExamplePerson(name: "Mark Hamill")])
        guard case .message(let name) = try people.select(at: 0) else { throw Failure() }
        #expect(name == "Mark Hamill")
        var columns = ColumnsRow()
        Examples.columns()(&columns, ExampleCompany(code: .init(rawValue: "2330"), capital: 259_327_332_420))
        #expect(columns["capital"].text == "259,327,332,420")
        let cells = Examples.cells()
        #expect(cells["capital"].text == "259,327,332,420")
        #expect(cells["close"].text == "1045.00")
        #expect(Examples.option().usage == "--market listed|otc|emerging|all")
        #expect(Examples.screenCommand().name == "older")
        let (months, server) = Examples.typedOptions()
        #expect(months.declaration.usage == "--months N")
        #expect(server.declaration.usage == "--server URL")
        let nowhere = URL(fileURLWithPath: "/nonexistent")
        #expect(
            try Examples.months(
                DatasetContext(cacheDirectory: nowhere, options: ["months": "12"], program: Examples.identity())) == 12)
        #expect(
            try Examples.months(DatasetContext(cacheDirectory: nowhere, program: Examples.identity())) == 1,
            "not given: the default")
        let expected = DatasetOptionError(
            option: "months", value: "0", expected: "give a number of months from 1 to 120")
        #expect(throws: expected) {
            try Examples.months(
                DatasetContext(cacheDirectory: nowhere, options: ["months": "0"], program: Examples.identity()))
        }
        #expect(
            Examples.argument().suggestions?(DatasetContext(cacheDirectory: nowhere, program: Examples.identity())) == [
                "2330", "2317",
            ])
        #expect(Examples.identity().userAgent == "bookshelf/1.2.0")
        let books = try await Examples.streaming([["A", "B"], ["C"]]).load(
            LoadRequest(progress: ProgressReporter(), refresh: false))
        #expect(books.map(\.title) == ["A", "B", "C"])
        let stock = try Examples.datasetCommand().makeScreen(
            DatasetCommand.Arguments(positionals: ["2330"]),
            DatasetContext(cacheDirectory: URL(fileURLWithPath: "/nonexistent"), program: Examples.identity()))
        #expect(stock.title == "2330", "a command's screen is made from its arguments")
        #expect(Examples.declaredColumns().map(\.alignment) == [.leading, .leading, .trailing])
        #expect(Examples.declaredColumns().map(\.narrowestWidth) == [6, 9, 6], "a name keeps four characters")
        #expect(Examples.textWidth() == 3)
        #expect(
            Examples.listColumns().cells(of: ExampleFullFilm.all[0]).map(\.cell.text) == [
                "Star Wars: A New Hope", "1977", "George Lucas",
            ])
        #expect(
            Examples.controllerFromColumns().rows(in: 0..<1).first?.map(\.cell.text) == [
                "Star Wars: A New Hope", "1977",
            ])
        #expect(Examples.rowWriter().bytes == Array("\"a, b\",\n".utf8))
        let context = Examples.services(cache: URL(fileURLWithPath: "/nonexistent"), identity: Examples.identity())
        #expect(context.weatherStations == ["466920", "467490"], "a service set is the one the context gives")
        #expect(
            DatasetContext(cacheDirectory: context.cacheDirectory, program: context.program).weatherStations
                == ["466920"], "a service not set is the key's default")
        let days = GenericListController(title: "days", sources: [ListSource<Day>]()) { (row: inout BasicRow, day) in
            row.text = .text(day.id)
        } select: { _ in
            .none
        }
        guard case .load(let then) = try await Examples.loadingCommand(days).run("2025-05 2025-04", ProgressReporter())
        else { throw Failure() }
        await days.load(force: false, progress: ProgressReporter())
        #expect(days.loadedSources == ["2025-05", "2025-04"], "the front end loads what the command added")
        let progress = ProgressReporter()
        _ = try then(.interrupted, progress)
        #expect(progress.takeNotes() == ["older fetches the rest first"])
    }

    @Test func everySwiftBlockInListKitsCommentsIsCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let sources = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ListKit")
        let compiled = try String(contentsOf: here, encoding: .utf8)
        let normalized = Self.lines(compiled)
        var blocks = 0
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let comment = text.split(separator: "\n").map { line -> String in
                let trimmed = line.drop { $0 == " " }
                return trimmed.hasPrefix("///") ? String(trimmed.dropFirst(trimmed.hasPrefix("/// ") ? 4 : 3)) : "\u{0}"
            }.joined(separator: "\n")
            for block in comment.components(separatedBy: "```swift\n").dropFirst() {
                guard let code = block.components(separatedBy: "```").first else { continue }
                blocks += 1
                #expect(
                    normalized.contains(Self.lines(code)),
                    "\(file): this example is not compiled in this file:\n\(code)")
            }
        }
        #expect(blocks >= 6)
    }

    /// The text's lines without leading spaces, joined: indentation differs, code does not.
    private static func lines(_ text: String) -> String {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }

    private struct Failure: Error {}
}
