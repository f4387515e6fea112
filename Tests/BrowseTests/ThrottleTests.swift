import Foundation
import ListKitNetworking
import ListKitTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The throttle as a server sees it, through the binary: never more than 3 requests in any
/// 5 s to one server, whatever way the requests take — redirects, names of the server, cache
/// folders, a full disk — a server's `Retry-After` holds every process back, and records nobody
/// will end are waited for a bounded time.
@Suite struct ThrottleTests {
    /// A server that redirects `/hop/N.csv` to `/hop/N-1.csv` and answers `/hop/0.csv` with a table.
    static func redirectingServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let name = request.path.split(separator: "/").last.map(String.init) ?? ""
            if request.path.hasPrefix("/hop/"), let hops = Int(name.prefix { $0.isNumber }), hops > 0 {
                return .respond(.init(status: 302, headers: [("Location", "/hop/\(hops - 1).csv")], text: ""))
            }
            return .respond(.init(text: "a,b\n1,2\n"))
        }
    }

    static func folder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-\(name)-\(UUID())", isDirectory: true)
    }

    /// The arrivals in the server's log that break the limit: each fourth arrival within 5 s of
    /// the one three before it, as `(index, seconds apart)`.
    static func breaches(_ server: LoopbackServer) -> [(Int, Double)] {
        let arrivals = server.requests.map { $0.receivedAt.timeIntervalSince1970 }.sorted()
        guard arrivals.count > 3 else { return [] }
        return (3..<arrivals.count).compactMap { index in
            let span = arrivals[index] - arrivals[index - 3]
            return span < 5 ? (index, span) : nil
        }
    }

    @Test func everyRedirectHopIsCountedLikeARequest() throws {
        let server = try Self.redirectingServer()
        defer { server.stop() }
        let cache = Self.folder("hops")
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            [server.baseURL.absoluteString + "/hop/6.csv", "--format", "csv", "--cache-dir", cache.path], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a,b\n1,2\n")
        #expect(server.requests.count == 7, "six hops and the table")
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
    }

    @Test func everyNameOfThisMachineSharesOneBudget() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let cache = Self.folder("names")
        defer { try? FileManager.default.removeItem(at: cache) }
        let runs = try await Self.runAtOnce(
            ["127.0.0.1", "localhost", "LOCALHOST"].map { host in
                (["http://\(host):\(server.port)/\(host).csv", "--cache-dir", cache.path, "-c", "r; r"], [:])
            })
        #expect(runs.map(\.status) == [0, 0, 0], "\(runs.map(\.stderr))")
        #expect(server.requests.count == 9)
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
    }

    @Test func processesWithTheirOwnOrAnUnwritableCacheFolderShareOneBudget() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let first = Self.folder("own-a")
        let second = Self.folder("own-b")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let runs = try await Self.runAtOnce(
            [first.path, second.path, "/dev/null/cache"].enumerated().map { index, cache in
                ([server.baseURL.absoluteString + "/t\(index).csv", "--cache-dir", cache, "-c", "r; r"], [:])
            })
        #expect(runs.map(\.status) == [0, 0, 0], "\(runs.map(\.stderr))")
        #expect(server.requests.count == 9)
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
    }

    /// A small file system of its own, mounted in a mount namespace of the test's own (as root,
    /// or as the user mapped to root), so that nothing outside sees it.
    static let canMount: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = folder("mount-probe")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        return (try? Self.namespace("mount -t tmpfs -o size=64k none \"$1\"", [probe.path]).status) == 0
    }()

    /// Runs `script` with `sh` in a mount namespace of its own; `arguments` are its `$1`….
    static func namespace(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let mapping = geteuid() == 0 ? ["-m"] : ["-r", "-m"]
        return try runExactly(
            "/usr/bin/unshare", mapping + ["/bin/sh", "-c", script, "sh"] + arguments,
            environment: Browse.environment(environment))
    }

    @Test(.enabled(if: canMount, "needs a mount namespace (unshare -m, or -r -m) to make a full disk"))
    func aFullDiskKeepsTheRecordsAndTheLimit() throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let mountPoint = Self.folder("full-disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        // The records (and the cache) on a small disk that is full before the first run; three
        // runs at once, three requests each.
        let script = """
            set -u
            mount -t tmpfs -o size=64k none "$1" || exit 90
            chmod 700 "$1"
            head -c 10000000 /dev/zero > "$1/filler" 2> /dev/null
            export XDG_RUNTIME_DIR="$1"
            for n in 1 2 3; do
                "$2" "$3/t$n.csv" --cache-dir "$1/cache" -c 'r; r' > /dev/null 2>&1 &
            done
            wait
            """
        let run = try Self.namespace(
            script, [mountPoint.path, Browse.executable.path, server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requests.count == 9)
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
    }

    @Test(.enabled(if: canMount, "needs a mount namespace (unshare -m, or -r -m) for a /tmp of its own"))
    func recordsThatCannotBeSharedLeaveABudgetPerProcessAndSaySo() throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        // Another user took /tmp/browse-UID first (in a /tmp of the test's own), and there is
        // no runtime folder: the records have no place. A program built under /tmp (a CI clone
        // is) gets its folder back at the same path, since Foundation cannot start without it.
        let script = """
            set -u
            dir=$(dirname "$1")
            cd "$dir" || exit 91
            mount -t tmpfs -o size=1m none /tmp || exit 90
            case "$dir" in
                /tmp/*) mkdir -p "$dir" && mount --no-canonicalize --bind "/proc/$$/cwd" "$dir" || exit 92 ;;
            esac
            mkdir -m 777 "/tmp/browse-$(id -u)"
            unset XDG_RUNTIME_DIR
            exec "$1" "$2/t.csv" --cache-dir /tmp/cache -c 'r; r; r'
            """
        let run = try Self.namespace(script, [Browse.executable.path, server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requests.count == 4)
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
        let said = "this process keeps its own budget of 3 requests in 5 s per host"
        #expect(run.stderr.components(separatedBy: said).count == 2, "said once: \(run.stderr)")
        #expect(run.stderr.contains("others may write in /tmp/browse-"), "\(run.stderr)")
    }

    @Test func aRetryAfterHoldsEveryProcessBackAndEachMonthIsAskedOnce() throws {
        let server = try LoopbackServer { _ in
            .respond(.init(status: 429, headers: [("Retry-After", "120")], text: "slow down"))
        }
        defer { server.stop() }
        let cache = Self.folder("retry-after")
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["stock", "0050", "--months", "6", "--format", "csv", "--cache-dir", cache.path]
        let first = try Browse.run(arguments, input: "", environment: Self.exchange(server))
        #expect(first.status == 1)
        #expect(first.stderr.contains("127.0.0.1 answered HTTP 429 and asked us to wait 120 s"), "\(first.stderr)")
        #expect(server.requests.count == 1, "asked again after Retry-After: \(server.requests.map(\.target))")
        // Another process, later: the server's wait holds it too.
        let second = try Browse.run(arguments, input: "", environment: Self.exchange(server))
        #expect(second.status == 1)
        #expect(
            second.stderr.contains(
                "127.0.0.1 asked us to wait 120 s (HTTP 429); no request goes to it until then; try again in "),
            "\(second.stderr)")
        #expect(server.requests.count == 1)
    }

    /// The records the runs of one test process share are their own: a `Retry-After` left in
    /// the user's folder by an earlier process, for a port the system gives again, holds none
    /// of them back.
    @Test func aWaitAnotherTestProcessLeftForThePortHoldsNoRunBack() throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        // The records of a run without a runtime folder, as an earlier process's 429 left them.
        let user = try HostThrottle.userFolder(environment: [:]).get()
        HostThrottle(folder: user).pause(host: "localhost:\(server.port)", status: 429, seconds: 120)
        defer { try? FileManager.default.removeItem(at: user.appendingPathComponent("localhost_\(server.port)")) }
        let cache = Self.folder("earlier-wait")
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            [server.baseURL.absoluteString + "/t.csv", "--format", "csv", "--cache-dir", cache.path], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a,b\n1,2\n")
        #expect(server.requests.count == 1)
    }

    @Test func eachMonthIsAskedOnceWhenTheExchangesFail() throws {
        let server = try LoopbackServer { _ in .respond(.init(status: 500, text: "oops")) }
        defer { server.stop() }
        let cache = Self.folder("months-once")
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            ["stock", "0050", "--months", "3", "--format", "csv", "--cache-dir", cache.path], input: "",
            environment: Self.exchange(server))
        #expect(run.status == 1)
        let targets = server.requests.map(\.target)
        #expect(Set(targets).count == targets.count, "a month asked twice: \(targets)")
        #expect(targets.contains { $0.contains("STOCK_DAY") && $0.contains("date=") }, "\(targets)")
        #expect(Self.breaches(server).isEmpty, "4 arrivals within 5 s: \(Self.breaches(server))")
    }

    @Test func recordsOfALiveProcessThatIsNotOursExpireAndTheWaitSaysSo() throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let runtime = Self.folder("runtime")
        let cache = Self.folder("stale")
        defer {
            try? FileManager.default.removeItem(at: runtime)
            try? FileManager.default.removeItem(at: cache)
        }
        // Three requests that process 1 (alive, not ours) began 100 s ago and never ended; they
        // count as open for 3 s more. The same in the cache folder's old place and form.
        let now = Date().timeIntervalSince1970
        let until = now + 3
        let folder = runtime.appendingPathComponent("browse/throttle/localhost_\(server.port)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.setMode(runtime.path, 0o700)
        for request in 0..<3 {
            let name = String(format: "open_%.6f_1_0_%d_%.6f", now - 100, request, until)
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let old = cache.appendingPathComponent("throttle")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        let oldRecords = (0..<3).map { String(format: "%.6f 1 %d\n", now - 100, $0) }.joined()
        try Data(oldRecords.utf8).write(to: old.appendingPathComponent("127.0.0.1_\(server.port).times"))
        let (run, killed) = try Self.runExactly(
            Browse.executable.path,
            [server.baseURL.absoluteString + "/a.csv", "--format", "csv", "--cache-dir", cache.path],
            environment: Browse.environment(["XDG_RUNTIME_DIR": runtime.path]), watchdog: 120)
        #expect(!killed, "browse was still waiting for the records after 120 s")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a,b\n1,2\n")
        let arrival = try #require(server.requests.first).receivedAt.timeIntervalSince1970
        #expect(arrival >= until + 5 - 0.001, "the records counted until they expired, then for 5 s")
        #expect(
            run.stderr.contains("waiting for localhost:\(server.port): process 1 has had a request to it open for "),
            "\(run.stderr)")
    }

    @Test func aCacheInTheSharedTemporaryFolderMustBeThisUsersOwn() throws {
        let temporary = Self.folder("tmp")
        defer { try? FileManager.default.removeItem(at: temporary) }
        // Another user got there first: the folders a run without HOME would use hold their
        // "MOPS data", and anyone may write in them.
        for name in ["browse-cache", "browse-\(geteuid())/cache"] {
            let planted = temporary.appendingPathComponent(name)
            let imported = try Browse.run(
                ["import", "--cache-dir", planted.path, ConcurrentCacheTests.listed.path], input: "")
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        for name in ["browse-cache", "browse-\(geteuid())"] {
            try Self.setMode(temporary.appendingPathComponent(name).path, 0o777)
        }
        var environment = Browse.environment(["TMPDIR": temporary.path])
        environment["HOME"] = nil
        let (run, _) = try Self.runExactly(
            Browse.executable.path, ["companies", "--offline", "--market", "listed", "--format", "csv"],
            environment: environment)
        #expect(!run.stdout.contains("2330"), "another user's data was served: \(run.stdout.prefix(200))")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "others may write in \(temporary.path)/browse-\(geteuid()) (mode 777), so the cache is not kept there"),
            "\(run.stderr)")
    }

    // MARK: - Helpers

    static func exchange(_ server: LoopbackServer) -> [String: String] {
        let base = server.baseURL.absoluteString
        return [
            "BROWSE_TWSE_URL": base, "BROWSE_MOPS_URL": base, "BROWSE_TPEX_URL": base,
        ]
    }

    /// Runs the binary once for each of `runs` (arguments, extra environment), all at once.
    static func runAtOnce(_ runs: [([String], [String: String])]) async throws -> [Run] {
        try await withThrowingTaskGroup(of: (Int, Run).self) { group in
            for (index, (arguments, environment)) in runs.enumerated() {
                group.addTask {
                    (index, try await blocking { try Browse.run(arguments, input: "", environment: environment) })
                }
            }
            var results: [Int: Run] = [:]
            for try await (index, run) in group { results[index] = run }
            return runs.indices.compactMap { results[$0] }
        }
    }

    /// Runs `executable` with exactly `environment`, stopping it (SIGKILL) if it is still
    /// running after `watchdog` seconds.
    ///
    /// - Returns: What it printed, and whether the watchdog had to stop it.
    static func runExactly(
        _ executable: String, _ arguments: [String], environment: [String: String], watchdog: Double = 300
    ) throws -> (Run, killed: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let killed = Killed()
        let identifier = process.processIdentifier
        let timer = DispatchWorkItem {
            killed.set()
            kill(identifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdog, execute: timer)
        let errors = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        let run = Run(
            stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors.finish(), as: UTF8.self),
            status: process.terminationStatus)
        return (run, killed.value)
    }

    static func runExactly(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        try runExactly(executable, arguments, environment: environment, watchdog: 300).0
    }

    static func setMode(_ path: String, _ mode: mode_t) throws {
        guard chmod(path, mode) == 0 else { throw SpawnError(code: errno) }
    }
}

/// Whether a watchdog fired.
final class Killed: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    func set() { lock.withLock { fired = true } }
    var value: Bool { lock.withLock { fired } }
}
