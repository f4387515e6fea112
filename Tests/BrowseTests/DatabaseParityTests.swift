import DatabaseDatasets
import Foundation
import Testing

/// A database table and a CSV file of the same rows give the same answers through the binary:
/// what the engine computes is what the local code computes.
@Suite struct DatabaseParityTests {
    /// The same 3,000 rows as `t.sqlite` (table `t.csv`, so both have one title) and `t.csv`: a numeric `x` with long
    /// holes, a `y` with one decimal and missing values, and text with mixed case.
    static func write(in folder: ScratchFolder) throws -> (database: String, csv: String) {
        var csv = "id,x,y,name\n"
        var values: [String] = []
        let names = [
            "Apple", "apple", "Äpfel", "banana", "Banana", "cherry", "éclair", "Zebra", "zebra", "äther", "", "ＡＢＣ",
            "abd", "Émile", "emile",
        ]
        for i in 1...3_000 {
            let x = i + (i / 500) * 2_000
            let tenths = (i * 7_919) % 10_007
            let y = i % 37 == 0 ? nil : "\(tenths / 10).\(tenths % 10)"
            let name = names[(i * 31) % names.count]
            csv += "\(i),\(x),\(y ?? ""),\(name)\n"
            // Both an empty text and NULL are a missing name, as an empty field in the file is.
            let stored = name.isEmpty && i % 2 == 0 ? "NULL" : "'\(name)'"
            values.append("(\(i), \(x), \(y.map { "'\($0)'" } ?? "NULL"), \(stored))")
        }
        let database = folder.file("t.sqlite")
        let writer = try SQLiteConnection(path: database, writable: true)
        try writer.execute("CREATE TABLE \"t.csv\"(id INTEGER PRIMARY KEY, x INTEGER, y REAL, name TEXT)")
        try writer.execute("INSERT INTO \"t.csv\" VALUES " + values.joined(separator: ", "))
        return (database, try folder.write("t.csv", csv))
    }

    /// The last screen a run drew.
    static func lastScreen(_ run: Run) -> String { run.stdout.components(separatedBy: "\n> ").last ?? "" }

    @Test(arguments: ["chart y", "chart y by x", "where x > 2500; chart y by x", "/apple; chart y"])
    func aChartDrawsAsTheSameRowsInAFileDo(_ commands: String) throws {
        let folder = try ScratchFolder("chart-parity")
        let (database, csv) = try Self.write(in: folder)
        for width in ["80", "131"] {
            let fromDatabase = try Browse.run([database, "--table", "t.csv", "--width", width, "-c", commands])
            let fromFile = try Browse.run([csv, "--width", width, "-c", commands])
            #expect(fromDatabase.status == 0, "\(fromDatabase.stderr)")
            let drawn = Self.lastScreen(fromDatabase)
            #expect(drawn.contains("3,000 rows") || commands.contains("where") || commands.contains("/"), "\(drawn)")
            #expect(drawn == Self.lastScreen(fromFile), "\(commands) at \(width) columns")
        }
    }

    @Test(arguments: ["csv", "tsv", "json", "markdown", "table"])
    func anExportIsByteEqualToTheSameRowsFromAFile(_ format: String) throws {
        let folder = try ScratchFolder("export-parity")
        let (database, csv) = try Self.write(in: folder)
        let fromFile = try Browse.run([csv, "--format", format])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        // A table (paged by its key) and a query (no key: one statement streams it).
        for source in [["--table", "t.csv"], ["--query", "SELECT * FROM \"t.csv\""]] {
            let fromDatabase = try Browse.run([database] + source + ["--format", format])
            #expect(fromDatabase.status == 0, "\(fromDatabase.stderr)")
            #expect(fromDatabase.stdout == fromFile.stdout, "\(source) as \(format)")
        }
    }

    @Test(arguments: [
        ["--sort", "name"], ["--sort", "name:desc"], ["--sort", "y:desc"], ["--filter", "ÄPF", "--sort", "name"],
    ])
    func aSortOrdersAsTheSameRowsFromAFileDo(_ options: [String]) throws {
        let folder = try ScratchFolder("sort-parity")
        let (database, csv) = try Self.write(in: folder)
        let fromFile = try Browse.run([csv, "--format", "csv"] + options)
        let fromDatabase = try Browse.run([database, "--table", "t.csv", "--format", "csv"] + options)
        #expect(fromDatabase.status == 0, "\(fromDatabase.stderr)")
        #expect(fromDatabase.stdout == fromFile.stdout, "\(options)")
    }

    @Test(arguments: [
        "at > 2025-06-02T12:00", "at >= 2025-06-02T13:30", "at < 2025-06-03", "at = 2025-06-02T09:00:00",
        "at <> 2025-06-02T09:00",
    ])
    func whereOnATimestampComparesInstants(_ condition: String) throws {
        let folder = try ScratchFolder("where-parity")
        // SQLite keeps date-times as the text it was given: with a space, with `T`, with seconds.
        let stamps = [
            "2025-06-02 09:00:00", "2025-06-02 13:30", "2025-06-02T12:00:01", "2025-06-03 00:00:00", "2025-06-01T23:59",
        ]
        let database = folder.file("at.sqlite")
        let writer = try SQLiteConnection(path: database, writable: true)
        try writer.execute("CREATE TABLE \"at.csv\"(id INTEGER PRIMARY KEY, at TIMESTAMP)")
        try writer.execute(
            "INSERT INTO \"at.csv\"(at) VALUES " + stamps.map { "('\($0)')" }.joined(separator: ", "))
        let csv = try folder.write(
            "at.csv", "id,at\n" + stamps.enumerated().map { "\($0.offset + 1),\($0.element)\n" }.joined())
        let fromFile = try Browse.run([csv, "--format", "csv", "--where", condition])
        let fromDatabase = try Browse.run([database, "--table", "at.csv", "--format", "csv", "--where", condition])
        #expect(fromDatabase.status == 0, "\(fromDatabase.stderr)")
        #expect(fromFile.stdout.split(separator: "\n").count > 1, "\(fromFile.stdout)")
        #expect(fromDatabase.stdout == fromFile.stdout, "\(condition)")
    }
}
