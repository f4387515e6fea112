import BrowseSupport
import Foundation
import LineMode
import ListKit
import Testing

@testable import DatabaseDatasets

/// A database's chart is picked by the engine for the drawing's width. When the window is
/// resized at the prompt, the chart must be what a chart asked for at the new width draws:
/// the old width's picks drawn wider show spikes and gaps the rows do not have.
@Suite @MainActor struct DatabaseChartResizeTests {
    /// The terminal's width as the session reads it; lines change it as they are typed.
    final class Window {
        var columns: Int
        init(columns: Int) { self.columns = columns }
    }

    /// A line typed, after the window took a new width or the table changed, if either did.
    struct Step {
        var columns: Int?
        var change: (() throws -> Void)?
        var input: InputLine

        init(_ input: InputLine, columns: Int? = nil, change: (() throws -> Void)? = nil) {
            self.input = input
            self.columns = columns
            self.change = change
        }
    }

    /// Lines typed at a window whose width changes before some of them.
    struct Typing: LineSource {
        var steps: [Step]
        let window: Window

        mutating func nextLine() async -> InputLine? {
            guard !steps.isEmpty else { return nil }
            let step = steps.removeFirst()
            if let columns = step.columns { window.columns = columns }
            do {
                try step.change?()
            } catch {
                Issue.record(error, "the table could not be changed between two lines")
            }
            return step.input
        }
    }

    /// 20,000 prices: a slow wave with a spike every 797 rows, and a few without a value.
    static func fixture() throws -> SQLiteFixture {
        let rows = (0..<20_000).map { row in
            let price = 100 + 50 * sin(Double(row) / 300) + (row % 797 == 0 ? 40 : 0)
            return "(\(row), \(row % 1_001 == 500 ? "NULL" : String(format: "%.2f", price)))"
        }
        return try SQLiteFixture([
            "CREATE TABLE w(n INTEGER PRIMARY KEY, price REAL)", "INSERT INTO w VALUES " + rows.joined(separator: ", "),
        ])
    }

    /// What a session at a window `columns` wide wrote, given what was typed.
    static func transcript(_ fixture: SQLiteFixture, columns: Int, typing: [Step]) async throws
        -> (output: String, errors: String)
    {
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = DatabaseScreen(connection: connection, source: .relation(relation))
        await screen.load(force: false, progress: ProgressReporter())
        let output = StringSink()
        let errors = StringSink()
        let session = Session(
            registry: DatasetRegistry(),
            context: DatasetContext(
                cacheDirectory: FileManager.default.temporaryDirectory,
                program: ProgramIdentity(name: "browse", version: "0.0.0", summary: "the session under test")),
            options: SessionOptions(width: columns, terminalRows: 24), output: output, errors: errors)
        let window = Window(columns: columns)
        session.terminalSize = { (window.columns, 24) }
        await session.start(with: screen)
        var source = Typing(steps: typing, window: window)
        _ = await session.run(&source)
        return (output.text, errors.text)
    }

    /// The last screen drawn: from its breadcrumb on.
    static func lastScreen(_ text: String) -> String {
        text.range(of: "datasets › ", options: .backwards).map { String(text[$0.lowerBound...]) } ?? ""
    }

    @Test func aChartRedrawnWiderIsTheChartAskedForAtThatWidth() async throws {
        let fixture = try Self.fixture()
        for (from, to) in [(80, 160), (160, 80), (100, 131)] {
            let resized = try await Self.transcript(
                fixture, columns: from, typing: [Step(.line("chart price")), Step(.redraw, columns: to)])
            let fresh = try await Self.transcript(fixture, columns: to, typing: [Step(.line("chart price"))])
            let before = try await Self.transcript(fixture, columns: from, typing: [Step(.line("chart price"))])
            let drawn = Self.lastScreen(resized.output)
            let asked = Self.lastScreen(fresh.output)
            #expect(drawn.contains("20,000 rows"), "\(drawn)")
            #expect(
                drawn == asked,
                "\(from) → \(to) columns:\n\(drawn)\nasked at \(to):\n\(asked)\nerrors: \(resized.errors)")
            #expect(drawn != Self.lastScreen(before.output), "the drawing at \(to) columns is not the one at \(from)")
        }
    }

    @Test func aRedrawAtTheSameWidthDoesNotAskAgain() async throws {
        let fixture = try Self.fixture()
        // Between the two drawings the table loses its rows: asked again, the chart would say so.
        let connection = try SQLiteConnection(path: fixture.path, writable: true)
        let (emptied, errors) = try await Self.transcript(
            fixture, columns: 80,
            typing: [
                Step(.line("chart price")),
                Step(.redraw) { try connection.execute("DELETE FROM w", parameters: []) },
            ])
        let screens = emptied.components(separatedBy: "datasets › w › chart price")
        #expect(screens.count == 3, "the chart, then the same chart redrawn: \(emptied)\nerrors: \(errors)")
        #expect(screens.last?.contains("20,000 rows") == true, "\(screens.last ?? "")")
    }
}
