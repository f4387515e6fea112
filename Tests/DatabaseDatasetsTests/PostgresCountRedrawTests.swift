import BrowseSupport
import Foundation
import ListKit
import PostgresTesting
import Synchronization
import Testing

@testable import DatabaseDatasets
@testable import LineMode

/// The planner's estimate shown at once, and the exact count in its place when it arrives,
/// without a key press: the screen's load goes on, `.receiving`, until the count is in (the
/// front end draws the screen again when a load that went on in the background ends).
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"), .serialized)
// One test at a time: each holds a count at its gate on a thread of the cooperative pool,
// which has as many threads as cores, and two held at once left none for the screens' loads.
@MainActor struct PostgresCountRedrawTests {
    /// A screen over `public.t` whose load has shown its rows and waits for the count (at most
    /// 60 s), and the load.
    func loadingUntilCounting(_ connection: GatedCountConnection) async throws -> (DatabaseScreen, Task<Void, Never>) {
        let screen = DatabaseScreen(connection: connection, source: .relation(PostgresTarget.relation("public.t")))
        let load = Task { await screen.load(force: false, progress: ProgressReporter()) }
        var waited = 0
        while screen.state != .receiving, waited < 600 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        return (screen, load)
    }

    /// Returns once the count has come to the gate (at most 60 s).
    static func waitUntilReached(_ gate: CountGate) async throws {
        var waited = 0
        while !gate.isReached, waited < 600 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
    }

    /// `public.t`, of 700 rows the planner thinks are 600.
    static let underestimated = """
        CREATE TABLE t (id int PRIMARY KEY);
        ALTER TABLE t SET (autovacuum_enabled = off);
        INSERT INTO t SELECT g FROM generate_series(1, 600) AS g;
        ANALYZE t;
        INSERT INTO t SELECT g FROM generate_series(601, 700) AS g;
        """

    @Test func theRowsShowWithTheEstimateAndTheLoadEndsWithTheCount() async throws {
        try await PostgresServer.with { server in
            // The planner thinks 600 rows; there are 700.
            try await server.psql(
                """
                CREATE TABLE t (id int PRIMARY KEY, name text);
                ALTER TABLE t SET (autovacuum_enabled = off);
                INSERT INTO t SELECT g, 'row ' || g FROM generate_series(1, 600) AS g;
                ANALYZE t;
                INSERT INTO t SELECT g, 'row ' || g FROM generate_series(601, 700) AS g;
                """)
            let gate = CountGate()
            let connection = GatedCountConnection(try PostgresConnection(server.url()), gate: gate)
            let (screen, load) = try await loadingUntilCounting(connection)
            #expect(screen.state == .receiving, "waited 60 s for the first rows: \(screen.state)")
            #expect(screen.count == 600)
            #expect(screen.countIsEstimate)
            #expect(screen.receivingNote == "counting")
            #expect(ScreenExpectations.ids(screen.rows(in: 0..<2)) == ["1", "2"])
            gate.open()
            await load.value
            #expect(screen.state == .loaded)
            #expect(screen.count == 700)
            #expect(!screen.countIsEstimate)
            #expect(screen.receivingNote == nil)
        }
    }

    @Test func aCancelledLoadKeepsTheEstimateAndStopsTheCount() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.underestimated)
            let gate = CountGate()
            let connection = GatedCountConnection(try PostgresConnection(server.url()), gate: gate)
            let (screen, load) = try await loadingUntilCounting(connection)
            // Cancelled once the count runs (a cancel before it starts means it never does).
            try await Self.waitUntilReached(gate)
            load.cancel()
            await load.value
            #expect(screen.state == .loaded)
            #expect(screen.count == 600)
            #expect(screen.countIsEstimate)
            #expect(gate.stoppedCount, "the count was asked to stop")
        }
    }

    /// A script goes on with the estimate: its load comes back with the rows while the count is
    /// held, though the load was still reading when the script began to wait, and the count
    /// it does not wait for is stopped on the server. A script that waits for the count hangs
    /// until the time limit: no clock opens the gate, as a main actor kept busy by other tests
    /// for minutes would let a clock open it first.
    @Test(.timeLimit(.minutes(10)))
    func aScriptGoesOnWithTheEstimateAndStopsTheCount() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.underestimated)
            let gate = CountGate()
            let connection = GatedCountConnection(try PostgresConnection(server.url()), gate: gate)
            let screen = DatabaseScreen(connection: connection, source: .relation(PostgresTarget.relation("public.t")))
            let loader = ScreenLoader(
                messages: MessageWriter(sink: StringSink(), program: "browse"), progressSink: StringSink(),
                animatesProgress: false, interactive: false)
            let outcome = await loader.load(screen, force: false)
            #expect(!gate.isOpen, "the count was let through")
            guard case .loaded = outcome else {
                Issue.record("the script's load did not end with the rows: \(outcome)")
                return
            }
            // The load ended with the gate shut: the count it waits for stopped unfinished.
            #expect(screen.state == .loaded)
            #expect(screen.countIsEstimate)
            #expect(screen.count == 600)
        }
    }

    /// A `where` before the exact count arrives counts its own rows and stops the count; the
    /// total it is shown against stays the planner's, marked as such, until every row is
    /// counted again.
    @Test func aWhereBeforeTheCountShowsTheTotalAsAnEstimate() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.underestimated)
            let gate = CountGate()
            let connection = GatedCountConnection(try PostgresConnection(server.url()), gate: gate)
            let (screen, load) = try await loadingUntilCounting(connection)
            #expect(screen.totalCountIsEstimate)
            // The where comes once the count runs: on a busy machine the rows can show before
            // the count starts, and a count stopped before it starts never reaches the gate.
            try await Self.waitUntilReached(gate)
            let id = try screen.column(named: "id")
            try screen.applyWhere(
                .comparison(WhereComparison(column: id, comparison: .greater, value: .integer(650), text: "650")))
            #expect(screen.count == 50)
            #expect(!screen.countIsEstimate)
            #expect(screen.totalCount == 600)
            #expect(screen.totalCountIsEstimate, "the total is still the planner's")
            await load.value
            #expect(gate.stoppedCount, "the where stopped the count")
            try screen.applyWhere(nil)
            #expect(screen.count == 700)
            #expect(screen.totalCount == 700)
            #expect(!screen.totalCountIsEstimate)
        }
    }
}

/// Holds the exact count until ``open()``; notes whether the count's stop was raised.
final class CountGate: Sendable {
    private let state = Mutex((open: false, stopped: false, reached: false))

    func open() { state.withLock { $0.open = true } }

    var isOpen: Bool { state.withLock { $0.open } }

    var stoppedCount: Bool { state.withLock { $0.stopped } }

    /// A count has come to the gate.
    var isReached: Bool { state.withLock { $0.reached } }

    /// Waits until the gate opens or `stop` is raised.
    func pass(stop: StopFlag) {
        state.withLock { $0.reached = true }
        while true {
            if stop.isRaised {
                state.withLock { $0.stopped = true }
                return
            }
            if state.withLock({ $0.open }) { return }
            usleep(20_000)
        }
    }
}

/// A PostgreSQL session whose second session (the exact count's) waits at `gate` before
/// each statement.
final class GatedCountConnection: DatabaseConnection, @unchecked Sendable {
    let inner: PostgresConnection
    let gate: CountGate
    let isCompanion: Bool

    init(_ inner: PostgresConnection, gate: CountGate, isCompanion: Bool = false) {
        self.inner = inner
        self.gate = gate
        self.isCompanion = isCompanion
    }

    var dialect: SQLDialect { inner.dialect }
    var displayName: String { inner.displayName }
    var foldCollation: String? { inner.foldCollation }
    func relations(stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] { try inner.relations(stop: stop) }
    func columns(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        try inner.columns(of: relation, stop: stop)
    }
    func columns(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        try inner.columns(of: statement, stop: stop)
    }
    func estimatedCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int? {
        try inner.estimatedCount(of: relation, stop: stop)
    }
    func companion() throws(DatabaseError) -> (any DatabaseConnection)? {
        guard let second = try inner.companion() as? PostgresConnection else { return nil }
        return GatedCountConnection(second, gate: gate, isCompanion: true)
    }
    func run(_ statement: SQLStatement, stop: StopFlag, row: ([String?]) throws -> Void) throws {
        if isCompanion {
            gate.pass(stop: stop)
            if stop.isRaised { throw DatabaseError(.interrupted, "stopped at the gate") }
        }
        try inner.run(statement, stop: stop, row: row)
    }
    func cancel() { inner.cancel() }
    func reconnect() throws(DatabaseError) { try inner.reconnect() }
    func close() { inner.close() }
}
