import Foundation

/// Runs PostgreSQL's programs for the test servers: as the `postgres` user when the tests run
/// as root (the server refuses to run as root), with input from a file so a large load cannot
/// fill a pipe, and the `PG*` variables of whoever runs the tests removed.
///
/// Every call blocks until the program ends: call it on a thread of its own (``OwnThread``),
/// never on the cooperative pool or the main actor, where it would stall the other suites.
enum PostgresCommand {
    /// True when the tests run as root, so the programs run through `runuser`.
    static let runsAsRoot = getuid() == 0

    /// Runs `program` from `binaries` with `arguments`; `input` is its standard input.
    ///
    /// - Returns: What it wrote on standard output.
    /// - Throws: ``PostgresServerError`` with its standard error when it fails.
    @discardableResult
    static func run(_ program: String, in binaries: String, _ arguments: [String], input: String? = nil)
        throws(PostgresServerError) -> String
    {
        let path = "\(binaries)/\(program)"
        let command = runsAsRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment["LC_ALL"] = "C.UTF-8"
        environment["PGCLIENTENCODING"] = "UTF8"
        let scratch = "/tmp/browse-pg-io-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: "\(scratch)/input"))
        } catch {
            throw PostgresServerError("cannot write \(program)'s input in \(scratch): \(error)")
        }
        let status = try spawnAndWait(
            command, environment: environment.map { "\($0.key)=\($0.value)" },
            input: "\(scratch)/input", output: "\(scratch)/output", error: "\(scratch)/error")
        let output = (try? String(contentsOfFile: "\(scratch)/output", encoding: .utf8)) ?? ""
        guard status == 0 else {
            let error = (try? String(contentsOfFile: "\(scratch)/error", encoding: .utf8)) ?? ""
            throw PostgresServerError("\(program) \(arguments.joined(separator: " ")) exited with \(status): \(error)")
        }
        return output
    }

    /// Runs `command` with its standard input, output and error on files, and waits for it
    /// (on its own process number, so no other test's child is reaped).
    ///
    /// - Returns: Its exit status (128 + the signal when a signal ended it).
    static func spawnAndWait(
        _ command: [String], environment: [String], input: String, output: String, error: String
    ) throws(PostgresServerError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw PostgresServerError("cannot run \(command[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresServerError("waitpid for \(command[0]) failed: \(errno)") }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Gives `path` (and everything in it) to the `postgres` user when the programs run as it.
    static func giveToServer(_ path: String) throws(PostgresServerError) {
        guard runsAsRoot else { return }
        let status = try spawnAndWait(
            ["/bin/chown", "-R", "postgres:postgres", path], environment: [], input: "/dev/null", output: "/dev/null",
            error: "/dev/null")
        guard status == 0 else { throw PostgresServerError("chown -R postgres \(path) failed") }
    }
}
