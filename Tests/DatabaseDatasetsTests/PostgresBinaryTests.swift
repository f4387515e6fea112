import Foundation
import PostgresTesting
import TestSupport
import Testing

/// Where the `browse` binary is.
enum BuiltBrowse {
    /// The `browse` that `swift build --build-tests` built beside the test bundle.
    static let path: String? = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundleFolder, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("browse").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

}

/// The built `browse` against a server of the test's own: batch output compared whole, and a
/// terminal session from the schemas to a table's filtered rows.
@Suite(
    .enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"),
    .enabled(if: BuiltBrowse.path != nil, "browse is not built beside the tests"))
struct PostgresBinaryTests {
    /// A clean environment: no colour, no person's settings or history, no `PG*` variables.
    static func environment(home: String) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "BROWSE_DATASETS": "builtin",
            "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "TERM": "xterm-256color",
        ]
    }

    static let table = """
        CREATE SCHEMA sales;
        CREATE TABLE public.t (id int PRIMARY KEY, name text, paid boolean, amount numeric);
        INSERT INTO public.t SELECT g, 'item ' || g, g % 2 = 0, g * 1.5 FROM generate_series(1, 60) AS g;
        CREATE TABLE sales.orders (id int PRIMARY KEY, note text);
        INSERT INTO sales.orders SELECT g, CASE WHEN g % 10 = 0 THEN 'text ' || g ELSE 'other' END
          FROM generate_series(1, 40) AS g;
        ANALYZE;
        """

    func home() throws -> String {
        let home = "/tmp/browse-pg-binary-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    @Test func aTableWithWhereIsWrittenAsCSV() throws {
        let server = try PostgresServer()
        defer { server.stop() }
        try server.psql(Self.table)
        let home = try home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BuiltBrowse.path))
        process.arguments = [server.url(), "--table", "public.t", "-c", "where id > 55", "--format", "csv"]
        process.environment = Self.environment(home: home)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: complaints, as: UTF8.self))")
        #expect(
            String(decoding: printed, as: UTF8.self) == """
                id,name,paid,amount
                56,item 56,true,84.0
                57,item 57,false,85.5
                58,item 58,true,87.0
                59,item 59,false,88.5
                60,item 60,true,90.0

                """)
    }

    @Test func schemasThenATableThenAFilterAtATerminal() throws {
        let server = try PostgresServer()
        defer { server.stop() }
        try server.psql(Self.table)
        let home = try home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let terminal = try PseudoTerminal(
            try #require(BuiltBrowse.path), [server.url()], environment: Self.environment(home: home), columns: 100,
            rows: 30, directory: home)
        let schemas = try terminal.waitFor("rows 1–2 of 2")
        #expect(schemas.contains("public"), "\(schemas)")
        #expect(schemas.contains("sales"), "\(schemas)")
        try terminal.waitFor("\r> ")
        terminal.type("2\r")
        let tables = try terminal.waitFor("rows 1–1 of 1")
        #expect(tables.contains("› sales"), "\(tables)")
        #expect(tables.contains("orders"), "\(tables)")
        try terminal.waitFor("\r> ")
        terminal.type("1\r")
        let rows = try terminal.waitFor("of 40")
        #expect(rows.contains("› sales › orders"), "\(rows)")
        try terminal.waitFor("\r> ")
        terminal.type("/text\r")
        let filtered = try terminal.waitFor("rows 1–4 of 4")
        #expect(filtered.contains("text 40") && !filtered.contains("other"), "\(filtered)")
        try terminal.waitFor("\r> ")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }
}
