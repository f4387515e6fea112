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
    /// Runs `body` on a thread of its own, as the screen runs a statement while the keyboard
    /// is read; `wait` gives what it threw.
    private final class Background: Sendable {
        private let outcome = Mutex<(any Error)??>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () throws -> Void) {
            DispatchQueue.global().async {
                let error: (any Error)?
                do {
                    try body()
                    error = nil
                } catch let thrown {
                    error = thrown
                }
                self.outcome.withLock { $0 = .some(error) }
                self.done.signal()
            }
        }

        /// What the body threw (`nil` when it returned), waiting for it with a watchdog.
        func wait(_ what: String) throws -> (any Error)? {
            guard done.wait(timeout: .now() + 120) == .success else {
                throw PostgresServerError("waited 120 s for \(what)")
            }
            return outcome.withLock { $0 ?? nil }
        }
    }

    /// Waits until `condition` holds, looking every 50 ms, with a generous watchdog.
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<2400 {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw PostgresServerError("waited 120 s for \(what)")
    }

    private func sleepers(_ server: PostgresServer) throws -> String {
        try server.psql("SELECT pid, state FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(600)%';")
    }

    @Test func aStatementPastTheTimeoutIsStoppedAndSaysSo() throws {
        try PostgresServer.with { server in
            let connection = try PostgresConnection(server.url(), statementTimeout: 1)
            let refusal = #expect(throws: DatabaseError.self) {
                try connection.run(SQLStatement("SELECT pg_sleep(60)"), stop: StopFlag()) { _ in }
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

    @Test func ctrlCStopsTheStatementOnTheServer() throws {
        try PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let stop = StopFlag()
            let running = Background {
                try connection.run(SQLStatement("SELECT pg_sleep(600)"), stop: stop) { _ in }
            }
            try waitUntil("the server to run pg_sleep(600)") { try sleepers(server).hasSuffix("|active\n") }
            stop.raise()
            let error = try running.wait("the statement to end after Ctrl-C")
            #expect((error as? DatabaseError)?.code == .interrupted)
            // The session is still open: only the server's cancel can have ended the query.
            try waitUntil("the server to stop pg_sleep(600)") { try !sleepers(server).contains("|active") }
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 1"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["1"]])
        }
    }

    @Test func anExactCountIsCancelledFromAnotherThread() throws {
        try PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let counting = Background {
                _ = try connection.exactCount(of: SQLStatement("SELECT pg_sleep(600)"), stop: StopFlag())
            }
            try waitUntil("the server to run the count") {
                try server.psql(
                    "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'SELECT count(*) FROM (SELECT pg_sleep%' AND state = 'active';"
                )
                    == "1\n"
            }
            connection.cancel()
            let error = try counting.wait("the count to end after cancel()")
            #expect((error as? DatabaseError)?.code == .interrupted)
        }
    }

    @Test func aServerKilledMidStatementIsOneLineAndReconnectWorks() throws {
        try PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let running = Background {
                try connection.run(SQLStatement("SELECT pg_sleep(600)"), stop: StopFlag()) { _ in }
            }
            try waitUntil("the server to run pg_sleep(600)") { try sleepers(server).hasSuffix("|active\n") }
            try server.kill()
            let error = try running.wait("the statement to end when the server died") as? DatabaseError
            #expect(error?.code == .lostConnection)
            #expect(error?.description.hasPrefix("lost the connection to postgres://postgres@127.0.0.1:") == true)
            #expect(error?.description.contains("\n") == false)
            #expect(error?.remedy == .retry)
            try server.start()
            try connection.reconnect()
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 1"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["1"]])
        }
    }

    @Test func aReaderThatStopsTakingRowsEndsTheStatement() throws {
        struct Enough: Error {}
        try PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            var seen = 0
            #expect(throws: Enough.self) {
                try connection.run(SQLStatement("SELECT g FROM generate_series(1, 100000000) AS g"), stop: StopFlag()) {
                    _ in
                    seen += 1
                    if seen == 25 { throw Enough() }
                }
            }
            #expect(seen == 25)
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 2"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["2"]])
        }
    }
}
