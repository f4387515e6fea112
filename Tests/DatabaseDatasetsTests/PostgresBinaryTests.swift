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
        """
        // Never analyzed (and autovacuum kept away): the counts are exact from the first screen,
        // so the output is the same however soon a background count would finish.
        + "ALTER TABLE public.t SET (autovacuum_enabled = off);"
        + "ALTER TABLE sales.orders SET (autovacuum_enabled = off);"

    func home() throws -> String {
        let home = "/tmp/browse-pg-binary-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    /// Runs the built `browse` with `arguments`, without a terminal.
    func run(_ arguments: [String]) throws -> (output: String, errors: String, status: Int32) {
        let home = try home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BuiltBrowse.path))
        process.arguments = arguments
        process.environment = Self.environment(home: home)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let complaints = ErrorsRead(errors.fileHandleForReading)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: printed, as: UTF8.self), String(decoding: complaints.finish(), as: UTF8.self),
            process.terminationStatus
        )
    }

    @Test func aTableWithWhereIsPrintedAndWrittenAsCSV() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.table)
            let session = try run([server.url(), "--table", "public.t", "-c", "where id > 55 and paid = true"])
            #expect(session.status == 0, "\(session.errors)")
            let firstPage = (1...20).map { i in
                let line = String(i).leftPadded(to: 2) + "  " + String(i).leftPadded(to: 2) + "  "
                let name = ("item \(i)").padding(toLength: 7, withPad: " ", startingAt: 0)
                let paid = (i % 2 == 0 ? "true" : "false").padding(toLength: 5, withPad: " ", startingAt: 0)
                return line + name + "  " + paid + "  " + String(format: "%6.1f", Double(i) * 1.5)
            }
            #expect(
                session.output == """
                    datasets › public.t
                     #  id  name     paid   amount
                    \(firstPage.joined(separator: "\n"))
                    rows 1–20 of 60 · page 1/3

                    > where id > 55 and paid = true
                    datasets › public.t
                    #  id  name     paid  amount
                    1  56  item 56  true    84.0
                    2  58  item 58  true    87.0
                    3  60  item 60  true    90.0
                    rows 1–3 of 3 · where id > 55 and paid = true (60 in all) · page 1/1

                    """)
            let csv = try run([server.url(), "--table", "public.t", "--where", "id > 55", "--format", "csv"])
            #expect(csv.status == 0, "\(csv.errors)")
            #expect(
                csv.output == """
                    id,name,paid,amount
                    56,item 56,true,84.0
                    57,item 57,false,85.5
                    58,item 58,true,87.0
                    59,item 59,false,88.5
                    60,item 60,true,90.0

                    """)
        }
    }

    @Test func schemasThenATableThenAFilterAtATerminal() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.table)
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

    /// A person quits while the exact count runs: the count stops on the server rather than
    /// run on for nobody.
    @Test func theCountLeftAtQuitStopsOnTheServer() async throws {
        try await PostgresServer.with { server in
            // Each row costs the reader a millisecond (a policy the owner is not held to): a page
            // comes in a moment, the count would take ten minutes.
            try await server.psql(
                """
                CREATE ROLE reader LOGIN;
                CREATE FUNCTION slow(int) RETURNS boolean LANGUAGE sql VOLATILE
                  AS 'SELECT pg_sleep(0.001) IS NOT NULL';
                CREATE TABLE t (id int PRIMARY KEY);
                INSERT INTO t SELECT g FROM generate_series(1, 600000) AS g;
                ANALYZE t;
                ALTER TABLE t ENABLE ROW LEVEL SECURITY;
                CREATE POLICY everyone ON t USING (slow(id));
                GRANT SELECT ON t TO reader;
                """)
            let home = try home()
            defer { try? FileManager.default.removeItem(atPath: home) }
            let terminal = try PseudoTerminal(
                try #require(BuiltBrowse.path),
                [server.url(user: "reader"), "--table", "public.t", "--statement-timeout", "3600"],
                environment: Self.environment(home: home), columns: 100, rows: 30, directory: home)
            try terminal.waitFor("counting")
            try terminal.waitFor("\r> ")
            let running = "SELECT count(*) FROM pg_stat_activity WHERE usename = 'reader' AND state = 'active'"
            var counting = try await server.psql(running)
            var waited = 0
            while counting.trimmingCharacters(in: .whitespacesAndNewlines) == "0", waited < 120 {
                try await Task.sleep(for: .seconds(1))
                waited += 1
                counting = try await server.psql(running)
            }
            #expect(counting.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "the count never began")
            terminal.type("q\r")
            try terminal.expectEnded(.exited(0))
            var left = try await server.psql(running)
            waited = 0
            while left.trimmingCharacters(in: .whitespacesAndNewlines) != "0", waited < 120 {
                try await Task.sleep(for: .seconds(1))
                waited += 1
                left = try await server.psql(running)
            }
            #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "the count ran on for 120 s")
        }
    }
}

extension String {
    /// The text with spaces before it to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

/// Reads a pipe to its end on another thread, so neither pipe of a process can fill up.
private final class ErrorsRead: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
