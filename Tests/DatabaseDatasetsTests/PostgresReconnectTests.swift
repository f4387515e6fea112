import BrowseSupport
import ListKit
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// A server that goes away and comes back: the page that could not be read says the
/// connection was lost, and `r` opens a new session and shows the rows again, keeping the view.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
@MainActor struct PostgresReconnectTests {
    @Test func rAfterALostConnectionReconnectsAndKeepsTheFilter() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE t (id int PRIMARY KEY, name text);
                INSERT INTO t SELECT g, 'row ' || g FROM generate_series(1, 2000) AS g;
                ANALYZE t;
                """)
            let connection = try PostgresConnection(server.url())
            let schemas = SchemasScreen.make(connection: connection, title: connection.displayName)
            await schemas.load(force: false, progress: ProgressReporter())
            #expect(schemas.count == 1)
            let screen = await ScreenExpectations.loaded(connection, .relation(PostgresTarget.relation("public.t")))
            try screen.applyFilter("row 1")
            let matching = screen.count
            #expect(matching == 1111)
            #expect(ScreenExpectations.ids(screen.rows(in: 0..<3)) == ["1", "10", "11"])

            try await server.kill()
            screen.move(to: matching - 20)
            #expect(screen.rows(in: (matching - 20)..<matching).isEmpty)
            let lost = try #require(screen.takePageFailure())
            #expect("\(lost)".contains("lost the connection"), "\(lost)")

            try await server.start()
            await screen.load(force: true, progress: ProgressReporter())
            #expect(screen.state.hasRows, "\(screen.state)")
            #expect(screen.filterText == "row 1")
            #expect(screen.count == matching)
            #expect(screen.position == 0)
            #expect(ScreenExpectations.ids(screen.rows(in: 0..<3)) == ["1", "10", "11"])
            #expect(ScreenExpectations.ids(screen.rows(in: (matching - 1)..<matching)) == ["1999"])

            // The schemas screen's session is the same: it was opened again, and `r` reads.
            await schemas.load(force: true, progress: ProgressReporter())
            #expect(schemas.count == 1, "\(schemas.state)")
        }
    }

    @Test func rOnTheSchemasAfterALostConnectionReconnects() async throws {
        try await PostgresServer.with { server in
            try await server.psql("CREATE SCHEMA sales; CREATE TABLE sales.t (id int PRIMARY KEY);")
            let connection = try PostgresConnection(server.url())
            let schemas = SchemasScreen.make(connection: connection, title: connection.displayName)
            await schemas.load(force: false, progress: ProgressReporter())
            #expect(schemas.count == 2)
            try await server.kill()
            await schemas.load(force: true, progress: ProgressReporter())
            // The schemas read before stay, under the failure.
            #expect(schemas.count == 2)
            let failure = try #require(schemas.sourceFailures.first)
            #expect("\(failure.error)".contains("cannot connect"), "\(failure.error)")
            try await server.start()
            await schemas.load(force: true, progress: ProgressReporter())
            #expect(schemas.sourceFailures.isEmpty, "\(schemas.sourceFailures)")
            #expect(schemas.count == 2)
            let sales = try #require(
                try { () throws -> (any ListScreen)? in
                    guard case .push(let screen) = try schemas.select(at: 1) else { return nil }
                    return screen
                }())
            await sales.load(force: false, progress: ProgressReporter())
            #expect(sales.count == 1, "the new session reads: \(sales.state)")
        }
    }
}
