import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// The byte filter must keep exactly the rows the controller's own `String` filter keeps.
@MainActor
@Suite struct FilterEquivalenceTests {
    /// Pieces of field text: ASCII in both cases, CJK, full-width forms, the ideographic space,
    /// characters whose lower case is ASCII or longer (K, İ), Greek, a combining accent, a flag
    /// (regional indicators), quotes, delimiters and line breaks.
    private static let pieces = [
        "a", "A", "b", "K", "k", "i", "İ", "K", "s", "Σ", "σ", "ς", "e", "é", "a\u{301}", "1", "2", "0", " ", "  ",
        "台", "積", "電", "台積電", "ａ", "Ａ", "１", "２", "　", "ｋ", "\u{1F1F9}\u{1F1FC}", "\u{1F1FC}", ",", "\"", "\n",
        "-", "--", "x", "X", "股", "2330", "ab", "AB", "Ab", ".", "\t",
    ]

    private static func randomText(_ random: inout SeededRandom, maximum: Int) -> String {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in
            pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined()
    }

    private static func csvField(_ text: String) -> String {
        let special = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return special ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    @Test func theByteScannerAgreesWithTheStringReferenceOnRandomData() async throws {
        var random = SeededRandom(seed: 20_250_602)
        for round in 0..<20 {
            let columns = Int.random(in: 2...4, using: &random)
            var rows: [[String]] = []
            for _ in 0..<Int.random(in: 40...120, using: &random) {
                rows.append((0..<columns).map { _ in Self.randomText(&random, maximum: 6) })
            }
            let header = (0..<columns).map { "c\($0)" }
            let text = ([header] + rows).map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\n")
            let scratch = try Scratch()
            let opened = try await open(try scratch.write("random.csv", text + "\n"), options: ["delimiter": ","])
            #expect(opened.screen.count == rows.count, "round \(round): every row was read")

            // The controller's own filter over the same cells: no byte hooks.
            let items = (0..<opened.screen.count).map(opened.screen.item(at:))
            let cells = opened.screen.rows(in: 0..<opened.screen.count)
            let reference = GenericListController(title: "reference", items: zip(items, cells).map(Reference.init)) {
                (row: inout ColumnsRow, item) in
                row = ColumnsRow(cells: item.cells)
            } select: { _ in
                .none
            }

            var queries: [String] = []
            for _ in 0..<25 {
                // Pieces of real cells (so most queries match something), and random text.
                let row = rows[Int.random(in: 0..<rows.count, using: &random)]
                let cell = Array(row.joined(separator: " "))
                if !cell.isEmpty {
                    let start = Int.random(in: 0..<cell.count, using: &random)
                    let end = min(cell.count, start + Int.random(in: 1...4, using: &random))
                    queries.append(String(cell[start..<end]))
                }
                queries.append(Self.randomText(&random, maximum: 3))
            }
            for query in queries where !query.isEmpty {
                try opened.screen.applyFilter(query)
                try reference.applyFilter(query)
                let mine = (0..<opened.screen.count).map { opened.screen.item(at: $0).id }
                let theirs = (0..<reference.count).map { reference.item(at: $0).id }
                #expect(mine == theirs, "round \(round), query \(query.debugDescription)")
                // A narrower query starts from the rows the last one kept.
                let narrower = query + Self.randomText(&random, maximum: 1)
                try opened.screen.applyFilter(narrower)
                try reference.applyFilter(narrower)
                #expect(
                    (0..<opened.screen.count).map { opened.screen.item(at: $0).id }
                        == (0..<reference.count).map { reference.item(at: $0).id },
                    "round \(round), narrowed to \(narrower.debugDescription)")
                try opened.screen.applyFilter("")
                try reference.applyFilter("")
            }
        }
    }

    @Test func eachKindOfQueryFindsItsRows() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "kinds.csv", "name,note\n台積電,ＡＢＣ股\nTSMC,abc\nKelvin,\u{212A}\nİstanbul,x\ncafe\u{301},y\n2330 台積電,\"a,b\"\n"
        )
        let opened = try await open(path)
        func names(_ query: String) throws -> [String] {
            try opened.screen.applyFilter(query)
            return opened.column("name")
        }
        #expect(try names("台積") == ["台積電", "2330 台積電"], "a CJK run is searched as bytes")
        #expect(try names("abc") == ["台積電", "TSMC"], "ASCII finds full-width forms")
        #expect(try names("ＡＢＣ") == ["台積電", "TSMC"], "and full-width finds ASCII")
        #expect(try names("k") == ["Kelvin"], "K (KELVIN SIGN) and K fold to k in the same row")
        #expect(try names("i\u{307}st") == ["İstanbul"], "İ folds to i and a combining dot")
        #expect(try names("cafe") == [], "e with a combining accent is not e")
        #expect(try names("0 台") == ["2330 台積電"], "a query across cells is checked row by row")
        #expect(try names("a,b") == ["2330 台積電"], "a query with the delimiter is checked row by row")
        #expect(try names("電 ａ") == ["台積電", "2330 台積電"], "cells are joined by a space, as the controller joins them")
    }

    /// A row of the file table as a plain item.
    private struct Reference: Identifiable, Sendable {
        let id: UInt32
        let cells: [NamedCell]

        init(_ item: FileRow, _ cells: [NamedCell]) {
            self.id = item.id
            self.cells = cells
        }
    }
}
