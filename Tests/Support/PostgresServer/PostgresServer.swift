import Foundation
import Synchronization

/// A PostgreSQL 15 server of a test's own: `initdb` into a folder under `/tmp`, started with
/// `pg_ctl` on a free port of 127.0.0.1 and a socket in its folder, stopped and removed when
/// the test ends (``with(_:isolation:_:)``).
///
/// ```swift
/// try await PostgresServer.with { server in
///     try await server.psql("CREATE TABLE t (a int); INSERT INTO t VALUES (1)")
///     let connection = try PostgresConnection(server.url())
/// }
/// ```
///
/// Every step that waits for a program (`initdb`, `pg_ctl`, `psql`) is `async` and waits on a
/// thread of its own (``OwnThread``), so a server starting never holds a thread of the
/// cooperative pool or the main actor that the other suites run on.
///
/// One cluster is made with `initdb` per test process and copied for each server, so a server
/// costs a copy and a start. A server left running by a test process that was killed is
/// stopped, and its folder removed, when the next test process makes its first server.
package final class PostgresServer: Sendable {
    /// How clients on 127.0.0.1 sign in (the socket in the server's folder always trusts).
    package enum Authentication: Sendable {
        case trust
        /// The `postgres` user's password, stored and checked with SCRAM-SHA-256.
        case scram(password: String)
        /// The `postgres` user's password, stored and checked as MD5.
        case md5(password: String)
    }

    /// The folder of PostgreSQL 15's programs, or `nil` on a machine without them (the tests
    /// that need a server are then not run).
    package static let binaries: String? = {
        for folder in [
            "/usr/lib/postgresql/15/bin", "/usr/local/opt/postgresql@15/bin", "/opt/homebrew/opt/postgresql@15/bin",
        ]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return folder
        }
        return nil
    }()

    /// True where servers can be made.
    package static var isAvailable: Bool { binaries != nil }

    /// The port the server listens on, on 127.0.0.1.
    package var port: Int { portNumber.load(ordering: .relaxed) }
    /// The server's folder: `data/`, `socket/` and `log`.
    package let folder: String
    private let binaries: String
    // The port changes when a start finds it taken; read by `url()` from any task.
    private let portNumber = Atomic<Int>(0)
    private let running = Mutex(false)

    /// Starts a server with the data of a fresh cluster (the `postgres` user and database).
    ///
    /// - Throws: ``PostgresServerError`` saying which step failed, with the server's log.
    init(_ authentication: Authentication = .trust) async throws(PostgresServerError) {
        guard let binaries = Self.binaries else { throw PostgresServerError("PostgreSQL 15 is not installed") }
        self.binaries = binaries
        folder = "/tmp/browse-postgres-\(getpid())-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        let template = try await Self.template.value.get()
        let method: String
        switch authentication {
        case .trust: method = "trust"
        case .scram: method = "scram-sha-256"
        case .md5: method = "md5"
        }
        let folder = folder
        try await OwnThread.run("postgres copy") { () throws(PostgresServerError) in
            do {
                try FileManager.default.createDirectory(atPath: "\(folder)/socket", withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: "\(template)/data", toPath: "\(folder)/data")
                try "local all all trust\nhost all all 127.0.0.1/32 \(method)\n"
                    .write(toFile: "\(folder)/data/pg_hba.conf", atomically: true, encoding: .utf8)
            } catch {
                throw PostgresServerError("cannot copy the cluster into \(folder): \(error)")
            }
            try PostgresCommand.giveToServer(folder)
        }
        try await start()
        switch authentication {
        case .trust: break
        case .scram(let password): try await setPassword(password, encryption: "scram-sha-256")
        case .md5(let password): try await setPassword(password, encryption: "md5")
        }
    }

    // Only a server whose `with` never ended (or whose start failed) is still here: stopped
    // on a thread of its own, as every stop is.
    deinit {
        let wasRunning = running.withLock { $0 }
        guard wasRunning || FileManager.default.fileExists(atPath: folder) else { return }
        let folder = folder
        let binaries = binaries
        OwnThread.start(
            "postgres stop", { Self.stop(folder: folder, binaries: binaries, running: wasRunning) }, done: { _ in })
    }

    /// Runs `body` with a new server, and stops and removes the server however `body` ends.
    ///
    /// `body` runs in the caller's isolation (a `@MainActor` test's body on the main actor);
    /// the server's own steps wait on threads of their own.
    package static func with<Value>(
        _ authentication: Authentication = .trust, isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresServer) async throws -> Value
    ) async throws -> Value {
        let server = try await PostgresServer(authentication)
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A `postgres://` URL of the server on 127.0.0.1.
    package func url(database: String = "postgres", user: String = "postgres", password: String? = nil) -> String {
        let secret = password.map { ":\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
        return "postgres://\(user)\(secret)@127.0.0.1:\(port)/\(database)"
    }

    /// Runs `script` with `psql` as the `postgres` user over the server's socket, stopping at
    /// the first error; `COPY … FROM STDIN` data may follow its statement in the script.
    ///
    /// - Returns: What `psql` printed: unaligned, tuples only, fields separated by `|`.
    @discardableResult
    package func psql(_ script: String, database: String = "postgres") async throws(PostgresServerError) -> String {
        let arguments = [
            "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "\(folder)/socket", "-p", "\(port)",
            "-U", "postgres", "-d", database, "-f", "-",
        ]
        let binaries = binaries
        return try await OwnThread.run("psql") { () throws(PostgresServerError) in
            try PostgresCommand.run("psql", in: binaries, arguments, input: script)
        }
    }

    /// Loads `csv` (no header) into `table` with `COPY … FROM STDIN`.
    package func load(_ table: String, csv: String, database: String = "postgres") async throws(PostgresServerError) {
        let data = csv.hasSuffix("\n") || csv.isEmpty ? csv : csv + "\n"
        try await psql("COPY \(table) FROM STDIN (FORMAT csv);\n\(data)\\.\n", database: database)
    }

    /// Starts the server again after ``kill()`` or ``stop()``, on the same port.
    package func start() async throws(PostgresServerError) {
        try await OwnThread.run("pg_ctl start") { () throws(PostgresServerError) in try self.startNow() }
    }

    /// Stops the server at once, as a crash would: every session is cut off mid-statement.
    /// What was committed is kept, as on a server that commits synchronously: this one does
    /// not (for speed), so its log is written out first.
    package func kill() async throws(PostgresServerError) {
        try await psql("CHECKPOINT;")
        let arguments = ["-D", "\(folder)/data", "-m", "immediate", "-w", "stop"]
        let binaries = binaries
        try await OwnThread.run("pg_ctl kill") { () throws(PostgresServerError) in
            _ = try PostgresCommand.run("pg_ctl", in: binaries, arguments)
        }
        running.withLock { $0 = false }
    }

    /// Stops the server and removes its folder; nothing when it is stopped already.
    package func stop() async {
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        let folder = folder
        let binaries = binaries
        await OwnThread.run("pg_ctl stop") { Self.stop(folder: folder, binaries: binaries, running: wasRunning) }
    }

    /// Starts `pg_ctl` on a free port, trying another when the port was taken meanwhile.
    private func startNow() throws(PostgresServerError) {
        var lastError: PostgresServerError?
        for _ in 0..<5 {
            if port == 0 || lastError != nil { portNumber.store(try Self.freePort(), ordering: .relaxed) }
            let settings = """
                port = \(port)
                listen_addresses = '127.0.0.1'
                unix_socket_directories = '\(folder)/socket'
                fsync = off
                synchronous_commit = off
                full_page_writes = off
                max_connections = 40
                shared_buffers = 64MB

                """
            do {
                try settings.write(toFile: "\(folder)/data/postgresql.auto.conf", atomically: true, encoding: .utf8)
            } catch {
                throw PostgresServerError("cannot write \(folder)/data/postgresql.auto.conf: \(error)")
            }
            try PostgresCommand.giveToServer("\(folder)/data/postgresql.auto.conf")
            do {
                try PostgresCommand.run(
                    "pg_ctl", in: binaries, ["-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "-t", "120", "start"])
                running.withLock { $0 = true }
                return
            } catch {
                // Another process took the port between the look and the start: try another.
                lastError = PostgresServerError("\(error)\nlog: \(log)")
                _ = try? PostgresCommand.run(
                    "pg_ctl", in: binaries, ["-D", "\(folder)/data", "-m", "immediate", "stop"])
            }
        }
        throw lastError ?? PostgresServerError("the server did not start")
    }

    /// Stops the server in `folder` when it runs, and removes the folder; blocks.
    private static func stop(folder: String, binaries: String, running: Bool) {
        if running {
            _ = try? PostgresCommand.run(
                "pg_ctl", in: binaries, ["-D", "\(folder)/data", "-m", "immediate", "-w", "-t", "60", "stop"])
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's log, for a failure's message.
    package var log: String { (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? "" }

    private func setPassword(_ password: String, encryption: String) async throws(PostgresServerError) {
        let literal = "'" + password.replacingOccurrences(of: "'", with: "''") + "'"
        try await psql("SET password_encryption = '\(encryption)';\nALTER USER postgres PASSWORD \(literal);\n")
    }

    // MARK: - The cluster every server copies

    private static let counter = Atomic<Int>(0)

    /// The folder of the cluster made once per test process, after stale servers are gone.
    ///
    /// A task every server's start awaits rather than a lock held around `initdb`: the servers
    /// that wait for it wait suspended, holding no thread.
    private static let template = Task<Result<String, PostgresServerError>, Never> {
        do throws(PostgresServerError) {
            return .success(try await OwnThread.run("initdb") { () throws(PostgresServerError) in try makeTemplate() })
        } catch {
            return .failure(error)
        }
    }

    /// Makes the cluster with `initdb`; blocks.
    private static func makeTemplate() throws(PostgresServerError) -> String {
        removeStaleServers()
        let folder = "/tmp/browse-postgres-\(getpid())-template"
        try? FileManager.default.removeItem(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try PostgresCommand.giveToServer(folder)
            try PostgresCommand.run(
                "initdb", in: binaries ?? "",
                ["-D", "\(folder)/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        } catch {
            throw PostgresServerError("initdb failed: \(error)")
        }
        atexit { removeTemplate() }
        return folder
    }

    /// Stops the servers, and removes the folders, of test processes that no longer run.
    private static func removeStaleServers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in names where name.hasPrefix("browse-postgres-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 4, let owner = Int32(parts[2]), owner != getpid() else { continue }
            if processExists(owner) { continue }
            let folder = "/tmp/\(name)"
            if FileManager.default.fileExists(atPath: "\(folder)/data/postmaster.pid") {
                _ = try? PostgresCommand.run(
                    "pg_ctl", in: binaries ?? "", ["-D", "\(folder)/data", "-m", "immediate", "stop"])
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// A port of 127.0.0.1 nothing listens on now.
    private static func freePort() throws(PostgresServerError) -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgresServerError("socket() failed: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                guard bind(descriptor, address, length) == 0 else { return false }
                return getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw PostgresServerError("no free port on 127.0.0.1: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Whether a process numbered `pid` runs (signal 0 only asks).
private func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
}

/// Removes the test process's cluster as it exits (a C function: it captures nothing).
private func removeTemplate() {
    try? FileManager.default.removeItem(atPath: "/tmp/browse-postgres-\(getpid())-template")
}
