import DatabaseDatasets
import Foundation
import Testing

/// `browse FILE.sqlite` through the built binary.
@Suite struct SQLiteBrowseTests {
    /// A shop with ties and a missing price, written through the library.
    func shop() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(UUID().uuidString).sqlite")
            .path
        let writer = try SQLiteConnection(path: path, writable: true)
        try writer.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, price REAL, kind TEXT)")
        try writer.execute(
            "INSERT INTO items(name, price, kind) VALUES ('apple', 1.5, 'fruit'), ('pear', 2.25, 'fruit'),"
                + " ('kale', NULL, 'leaf'), ('fig', 2.25, 'fruit')")
        try writer.execute("CREATE VIEW cheap AS SELECT name FROM items WHERE price < 2")
        return path
    }

    @Test func aTableExportsAsCSV() throws {
        let path = try shop()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Browse.run([path, "--table", "items", "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "id,name,price,kind\n1,apple,1.5,fruit\n2,pear,2.25,fruit\n3,kale,,leaf\n4,fig,2.25,fruit\n")
    }

    @Test func sortAndFreqRunInTheEngine() throws {
        let path = try shop()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Browse.run([path, "--table", "items", "-c", "sort price desc; freq kind"])
        #expect(run.status == 0, "\(run.stderr)")
        // Ties by key, the missing price last; then the counts, most first.
        let sorted = run.stdout.components(separatedBy: "> freq kind")[0].components(separatedBy: "> sort")[1]
        let names = ["pear", "fig", "apple", "kale"].compactMap { sorted.range(of: $0)?.lowerBound }
        #expect(names == names.sorted() && names.count == 4, "\(sorted)")
        #expect(run.stdout.contains("fruit      3") || run.stdout.contains("fruit     3"), "\(run.stdout)")
    }

    @Test func theFileListsItsTablesAndViewsWithCounts() throws {
        let path = try shop()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Browse.run([path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "name,kind,rows\ncheap,view,1\nitems,table,4\n")
    }

    @Test func anUnknownTableIsOneLine() throws {
        let path = try shop()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Browse.run([path, "--table", "nope", "--format", "csv"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("could not load nope: "), "\(run.stderr)")
        #expect(run.stderr.contains("has no table or view nope"), "\(run.stderr)")
        // The table is the screen's one source: it is named once.
        #expect(!run.stderr.contains("nope: nope:"), "\(run.stderr)")
    }

    @Test(arguments: ["notes.db", "notes.sqlite", "notes.sqlite3"])
    func aFileNamedAsADatabaseWithoutItsHeaderOpensAsText(_ name: String) throws {
        let folder = try ScratchFolder("not-sqlite")
        let path = try folder.write(name, "a,b\n1,x\n2,y\n")
        let run = try Browse.run([path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a,b\n1,x\n2,y\n")
    }

    @Test func aDatabaseWithAnyNameOpensByItsHeader() throws {
        let path = try shop()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let renamed = path + ".bin"
        try FileManager.default.moveItem(atPath: path, toPath: renamed)
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        let run = try Browse.run([renamed, "--format", "csv"])
        #expect(run.stdout == "name,kind,rows\ncheap,view,1\nitems,table,4\n", "\(run.stderr)")
    }
}
