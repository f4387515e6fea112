import DatabaseDatasets
import Foundation
import TestSupport
import Testing

/// A SQLite file browsed at a terminal, as a person does: the catalog, a table, its pages, a
/// filter, back; and a query that fails.
@Suite struct DatabaseTerminalTests {
    /// `shop.sqlite` in `folder`: `items` of 60 rows and `kinds` of 2.
    static func shop(in folder: ScratchFolder) throws -> String {
        let path = folder.file("shop.sqlite")
        let writer = try SQLiteConnection(path: path, writable: true)
        try writer.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, price REAL)")
        try writer.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
            INSERT INTO items SELECT i, 'item ' || i, i * 1.5 FROM n
            """)
        try writer.execute("CREATE TABLE kinds(k TEXT)")
        try writer.execute("INSERT INTO kinds VALUES ('a'), ('b')")
        return path
    }

    @Test func theCatalogOpensATableThatPagesFiltersAndGoesBack() throws {
        let folder = try ScratchFolder("db-pty")
        _ = try Self.shop(in: folder)
        let terminal = try PseudoTerminal.browse(["shop.sqlite"], in: folder, columns: 80, rows: 24)
        let catalog = try terminal.waitFor("rows 1–2 of 2 · page 1/1")
        #expect(catalog.contains("items  table    60"), "\(catalog)")
        #expect(catalog.contains("kinds  table     2"), "\(catalog)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("1\r")
        let first = try terminal.waitFor("rows 1–20 of 60 · page 1/3")
        #expect(first.contains("datasets › shop.sqlite › items"), "\(first)")
        #expect(first.contains("item 20"))
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("n\r")
        let second = try terminal.waitFor("rows 21–40 of 60 · page 2/3")
        #expect(second.contains("item 40") && !second.contains("item 41"), "\(second)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("G\r")
        let last = try terminal.waitFor("rows 41–60 of 60 · page 3/3")
        #expect(last.contains("item 60"), "\(last)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("/ITEM 5\r")
        let filtered = try terminal.waitFor("rows 1–11 of 11 · filter \"ITEM 5\" (60 in all)")
        #expect(filtered.contains("item 59") && !filtered.contains("item 60"), "\(filtered)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("b\r")
        try terminal.waitFor("rows 1–2 of 2 · page 1/1")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }

    @Test func aFailingQueryIsOneLineWithItsPositionAndThePromptStays() throws {
        let folder = try ScratchFolder("db-pty-query")
        _ = try Self.shop(in: folder)
        let terminal = try PseudoTerminal.browse(
            ["shop.sqlite", "--query", "SELECT nme FROM items"], in: folder, columns: 80, rows: 24)
        let error = try terminal.waitFor("no such column: nme (at character 8)")
        #expect(error.contains("datasets › query"), "\(error)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }

    @Test func aPageThatFailsKeepsTheRowsShownAndRReloads() throws {
        let folder = try ScratchFolder("db-pty-fail")
        let path = folder.file("big.sqlite")
        let writer = try SQLiteConnection(path: path, writable: true)
        try writer.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
        try writer.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO t SELECT i, 'name ' || i FROM n
            """)
        writer.close()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let terminal = try PseudoTerminal.browse(["big.sqlite", "--table", "t"], in: folder, columns: 80, rows: 24)
        try terminal.waitFor("rows 1–20 of 1,000")
        try terminal.waitFor(PseudoTerminal.prompt)
        // The file made unreadable in place: the last page cannot be read.
        try Data(repeating: 0x55, count: original.count).write(to: URL(fileURLWithPath: path))
        terminal.type("G\r")
        let failed = try terminal.waitFor("file is not a database")
        #expect(failed.contains("rows 1–20 of 1,000"), "the rows shown before stay: \(failed)")
        #expect(failed.contains("name 20"), "\(failed)")
        try terminal.waitFor(PseudoTerminal.prompt)
        try original.write(to: URL(fileURLWithPath: path))
        terminal.type("r\r")
        try terminal.waitFor("rows 1–20 of 1,000")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("G\r")
        let last = try terminal.waitFor("rows 981–1,000 of 1,000")
        #expect(last.contains("name 1000"), "\(last)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }
}
