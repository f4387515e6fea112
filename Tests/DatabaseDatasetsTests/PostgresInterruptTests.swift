import BrowseSupport
import Foundation
import PostgresTesting
import Synchronization
import Testing

@testable import DatabaseDatasets

/// Statements that must end early: the statement timeout, Ctrl-C (a cancel on the server), a
/// server that dies mid-statement, and a reader that stops taking rows.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
struct PostgresInterruptTests {
    /// Runs `body` on a thread of its own (``OwnThread``), as the screen runs a statement while
    /// the keyboard is read; `wait` gives what it threw.
    private final class Background: Sendable {
        private let outcome = Mutex<(any Error)??>(nil)

        init(_ body: @escaping @Sendable () throws -> Void) {
            OwnThread.start("statement", body) { [self] result in
                outcome.withLock {
                    switch result {
                    case .success: $0 = .some(nil)
                    case .failure(let error): $0 = .some(error)
                    }
                }
            }
        }

        /// What the body threw (`nil` when it returned), waiting for it with a watchdog.
        func wait(_ what: String) async throws -> (any Error)? {
            try await waitUntil(what) { outcome.withLock { $0 != nil } }
            return outcome.withLock { $0 ?? nil }
        }
    }

    private func sleepers(_ server: PostgresServer) async throws -> String {
        try await server.psql("SELECT pid, state FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(600)%';")
    }

    @Test func aStatementPastTheTimeoutIsStoppedAndSaysSo() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url(), statementTimeout: 1)
            let refusal = await #expect(throws: DatabaseError.self) {
                try await OwnThread.run("pg_sleep(60)") {
                    try connection.run(SQLStatement("SELECT pg_sleep(60)"), stop: StopFlag()) { _ in }
                }
            }
            #expect(refusal?.code == .timedOut(seconds: 1))
            #expect(
                refusal?.description
                    == "canceling statement due to statement timeout: the statement ran longer than 1 s (--statement-timeout sets the limit)"
            )
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT current_setting('statement_timeout')"), stop: StopFlag()) {
                answer.append($0)
            }
            #expect(answer == [["1s"]])
        }
    }

    @Test func ctrlCStopsTheStatementOnTheServer() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let stop = StopFlag()
            let running = Background {
                try connection.run(SQLStatement("SELECT pg_sleep(600)"), stop: stop) { _ in }
            }
            try await waitUntil("the server to run pg_sleep(600)") { try await sleepers(server).hasSuffix("|active\n") }
            stop.raise()
            let error = try await running.wait("the statement to end after Ctrl-C")
            #expect((error as? DatabaseError)?.code == .interrupted)
            // The session is still open: only the server's cancel can have ended the query.
            try await waitUntil("the server to stop pg_sleep(600)") { try await !sleepers(server).contains("|active") }
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 1"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["1"]])
        }
    }

    @Test func anExactCountIsCancelledFromAnotherThread() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let counting = Background {
                _ = try connection.exactCount(of: SQLStatement("SELECT pg_sleep(600)"), stop: StopFlag())
            }
            try await waitUntil("the server to run the count") {
                try await server.psql(
                    "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'SELECT count(*) FROM (SELECT pg_sleep%' AND state = 'active';"
                )
                    == "1\n"
            }
            connection.cancel()
            let error = try await counting.wait("the count to end after cancel()")
            #expect((error as? DatabaseError)?.code == .interrupted)
        }
    }

    @Test func aServerKilledMidStatementIsOneLineAndReconnectWorks() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let running = Background {
                try connection.run(SQLStatement("SELECT pg_sleep(600)"), stop: StopFlag()) { _ in }
            }
            try await waitUntil("the server to run pg_sleep(600)") { try await sleepers(server).hasSuffix("|active\n") }
            try await server.kill()
            let error = try await running.wait("the statement to end when the server died") as? DatabaseError
            #expect(error?.code == .lostConnection)
            #expect(error?.description.hasPrefix("lost the connection to postgres://postgres@127.0.0.1:") == true)
            #expect(error?.description.contains("\n") == false)
            #expect(error?.remedy == .retry)
            try await server.start()
            try connection.reconnect()
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 1"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["1"]])
        }
    }

    @Test func aReaderThatStopsTakingRowsEndsTheStatement() async throws {
        struct Enough: Error {}
        try await PostgresServer.with { server in
            // No statement timeout: only the cancel sent when the reader stops can end the
            // statement, and without it the watchdog in `wait` fails the test.
            let connection = try PostgresConnection(server.url(), statementTimeout: 0)
            let seen = Mutex(0)
            // Ten billion rows, streamed: a single generate_series is gathered whole before its
            // first row is sent.
            let endless = SQLStatement(
                "SELECT a * 100000 + b FROM generate_series(1, 100000) AS a, generate_series(1, 100000) AS b"
            )
            let reading = Background {
                try connection.run(endless, stop: StopFlag()) { _ in
                    let count = seen.withLock {
                        $0 += 1
                        return $0
                    }
                    if count == 25 { throw Enough() }
                }
            }
            let stopped = try await reading.wait("the statement to end once the reader stopped")
            #expect(stopped is Enough)
            #expect(seen.withLock { $0 } == 25)
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 2"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["2"]])
        }
    }
}

/// Waits until `condition` holds, looking every 50 ms, with a generous watchdog; the task
/// sleeps between looks, holding no thread.
private func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw PostgresServerError("waited 120 s for \(what)")
}
