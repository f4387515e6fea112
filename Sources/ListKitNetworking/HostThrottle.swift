import BrowseSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time source of a throttle; tests pass a fake one.
public protocol ThrottleClock: Sendable {
    /// Seconds since some fixed point (the Unix epoch for the real clock).
    func now() -> Double
    /// Waits `seconds`.
    func sleep(seconds: Double) async throws
}

/// The wall clock: its times are shared between processes through the throttle's records.
public struct SystemThrottleClock: ThrottleClock {
    public init() {}

    public func now() -> Double { Date().timeIntervalSince1970 }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int((seconds * 1000).rounded(.up))))
    }
}

/// Never more than `limit` requests in any `window` seconds to one host — as the server counts
/// them, across processes.
///
/// A server counts a request when it arrives, which is some time after the client starts it
/// (connecting, a busy machine, a lost SYN). So a request is recorded twice: when it starts
/// (`begin(host:openAtMost:notices:)`) it holds a place as if it were arriving at every
/// moment, and when the server has answered or the request is over (`end(_:)`) it is dated
/// then — a time the server has surely received it by. A new request starts only when fewer
/// than `limit` requests are open or ended less than `window` seconds ago. Any `limit + 1`
/// arrivals then span at least `window`: when the last of them started, the others had
/// started, and each was open or had ended after its own arrival, so after the first arrival.
/// No margin for the delay is needed, and none could be large enough: the delay has no bound.
///
/// The records of each budget live in a folder of the user's own (``shared``), read and changed
/// under an exclusive `flock`, so every process of the user stays within the limit together,
/// whatever cache folder each uses. Each record is the name of an empty file, which needs no
/// block of data, so a full disk neither refuses nor truncates them. A record expires by time
/// whoever wrote it: an open one counts as ended once its owner's deadline has passed (earlier
/// when its process is seen to be gone), so a record nobody will end is waited for a bounded
/// time, and the wait says what it is for. A server's `Retry-After`
/// (`pause(host:status:seconds:)`) holds every process's requests to that budget until it
/// has passed.
///
/// This throttle's own records are kept in memory as well: when the folder cannot be used (no
/// space even for a name, a folder another user owns), the limit still holds within the
/// process, and that is said once through `notices`.
public final class HostThrottle: Sendable {
    public let limit: Int
    public let window: Double
    private let folder: URL?
    private let clock: any ThrottleClock
    /// This throttle's own requests and the pauses it knows of, per budget.
    private let own = Mutex<[String: ThrottleRecords]>([:])
    private let problem: Mutex<String?>
    private let problemSaid = Mutex(false)
    /// The age past which the folder's unchanged budgets are removed, until the first request
    /// has done it: a run that never downloads never lists the folder.
    private let sweepPending: Mutex<Double?>
    /// This process's requests that have begun and not ended, for every throttle in it: a
    /// record in the shared folder names its process and request, and another throttle of the
    /// same process must not take a request still open for one that has ended.
    private static let openRequests = Mutex<Set<UInt64>>([])
    private static let nextID = Atomic<UInt64>(1)

    /// How often a request waiting only for open requests to end looks again.
    static let pollInterval = 0.1

    /// The longest a request counts as open, whatever its owner asked: by then the server has
    /// received it or never will.
    package static let longestOpen = 300.0

    /// The longest a server's `Retry-After` holds requests back (an hour): a larger one is
    /// reported as the server said it, but cannot stop requests for days.
    package static let longestPause = 3600.0

    /// Where throttles say what they wait for, and that their budget is per process when their
    /// records cannot be shared: set around a download with
    /// ``withNotices(_:operation:)`` by whoever can show a line to the person.
    package static var notices: (@Sendable (String) -> Void)? { currentNotices?.say }

    @TaskLocal static var currentNotices: ThrottleNotices?

    /// Runs `operation` with the throttles' notices going to `notices`.
    ///
    /// - Parameters:
    ///   - notices: Receives what a long wait is for, and that the budget is per process.
    ///   - operation: The work whose downloads say their waits to `notices`.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    package static func withNotices<Result>(
        _ notices: @escaping @Sendable (String) -> Void, operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $currentNotices.withValue(ThrottleNotices(say: notices), operation: operation)
    }

    /// A request that has begun; give it to ``end(_:)`` when the server has answered.
    package struct Ticket: Sendable, Hashable {
        let host: String
        let id: UInt64
    }

    /// A request refused without being sent: the server asked for a wait that has not passed.
    package struct Paused: Error, Sendable, Hashable {
        /// The budget (`www.twse.com.tw:443`).
        package let host: String
        /// The status that asked for the wait (429, 503).
        package let status: Int
        /// The seconds the server asked for.
        package let seconds: Int
        /// The seconds still to wait, rounded up.
        package let remaining: Int
    }

    /// A throttle whose records live in `folder`, shared by every process that uses it.
    ///
    /// - Parameters:
    ///   - folder: Where the request times are kept; `nil` keeps them in memory only.
    ///   - limit: Requests allowed per window (3).
    ///   - window: The window in seconds (5).
    ///   - clock: The time; tests pass one they move by hand.
    public convenience init(
        folder: URL?, limit: Int = 3, window: Double = 5, clock: any ThrottleClock = SystemThrottleClock()
    ) {
        self.init(folder: folder, problem: nil, limit: limit, window: window, clock: clock)
    }

    private init(
        folder: URL?, problem: String?, limit: Int, window: Double, clock: any ThrottleClock,
        sweepingBudgetsUnchangedFor age: Double? = nil
    ) {
        self.sweepPending = Mutex(age)
        self.folder = folder
        self.problem = Mutex(problem)
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// The throttle every client of the process uses: 3 requests in 5 s per budget, its
    /// records in this user's own folder (`userFolder(environment:)`), so that every process
    /// of the user shares them whatever its cache folder.
    public static let shared: HostThrottle = {
        switch userFolder(environment: ProcessInfo.processInfo.environment) {
        case .success(let folder):
            return HostThrottle(
                folder: folder, problem: nil, limit: 3, window: 5, clock: SystemThrottleClock(),
                sweepingBudgetsUnchangedFor: longestPause + longestOpen)
        case .failure(let error):
            return HostThrottle(
                folder: nil, problem: error.description, limit: 3, window: 5, clock: SystemThrottleClock())
        }
    }()

    /// The folder for the records of every process of this user: `$XDG_RUNTIME_DIR/browse/throttle`
    /// (the session's own folder, which only the user can enter), else `/tmp/browse-UID/throttle`.
    /// Each folder on the way is made with mode 0700, and refused when it is a link, another
    /// user's, or writable by others.
    ///
    /// `/tmp` itself is used, not `$TMPDIR`: processes with different temporary folders still
    /// share one budget.
    ///
    /// - Returns: The folder, or why none could be used.
    package static func userFolder(environment: [String: String]) -> Result<URL, PrivateFolderError> {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let base = URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("browse")
            do {
                try PrivateFolder.check(runtime)
                return .success(try privateFolder(base))
            } catch {
                // A runtime folder of another user (kept through `su`): the one in /tmp is ours.
            }
        }
        let base = URL(fileURLWithPath: "/tmp", isDirectory: true).appendingPathComponent(
            PrivateFolder.name(for: "browse"))
        do {
            return .success(try privateFolder(base))
        } catch {
            return .failure(error)
        }
    }

    private static func privateFolder(_ base: URL) throws(PrivateFolderError) -> URL {
        let folder = base.appendingPathComponent("throttle", isDirectory: true)
        try PrivateFolder.prepare(base.path)
        try PrivateFolder.prepare(folder.path)
        return folder
    }

    /// Why the shared records could not be used, if they could not (the throttle then works per process).
    package var fileProblem: String? { problem.withLock { $0 } }

    /// Waits until a request to `host` is allowed, and records one that is over at once: for
    /// callers that cannot say when the server received it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting; ``HostThrottle/Paused`` when
    ///   the server asked for a wait that has not passed.
    package func acquire(host: String) async throws {
        end(try await begin(host: host))
    }

    /// Waits until a request to `host` is allowed, and records it as begun.
    ///
    /// - Parameters:
    ///   - host: The budget (`www.twse.com.tw:443`); spelled in any case.
    ///   - openAtMost: The longest the request can stay open (its deadline): if its process
    ///     never ends it, it counts as ended then.
    ///   - notices: Receives what a long wait is for, and that the budget is per process when
    ///     the records cannot be shared (once).
    /// - Returns: The ticket to pass to ``end(_:)`` once the server has answered or the
    ///   request has failed; until then the request counts as arriving now.
    /// - Throws: `CancellationError` when the task is cancelled while waiting; ``HostThrottle/Paused`` when
    ///   the server asked for a wait that has not passed.
    package func begin(
        host: String, openAtMost: Double = HostThrottle.longestOpen,
        notices: (@Sendable (String) -> Void)? = HostThrottle.notices
    ) async throws -> Ticket {
        let ticket = Ticket(host: host.lowercased(), id: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        Self.openRequests.withLock { _ = $0.insert(ticket.id) }
        var announced = false
        do {
            while true {
                try Task.checkCancellation()
                let decision = reserve(ticket, openAtMost: openAtMost)
                sayProblem(notices)
                switch decision {
                case .go:
                    return ticket
                case .paused(let paused):
                    throw paused
                case .wait(let seconds, let reason):
                    if let reason, !announced, let notices {
                        notices(reason)
                        announced = true
                    }
                    try await clock.sleep(seconds: seconds)
                }
            }
        } catch {
            Self.openRequests.withLock { _ = $0.remove(ticket.id) }
            throw error
        }
    }

    /// Dates a begun request now: the server has answered it, or it is over.
    ///
    /// Ending a ticket twice does nothing.
    package func end(_ ticket: Ticket) {
        guard Self.openRequests.withLock({ $0.remove(ticket.id) }) != nil else { return }
        let now = clock.now()
        let mine = Self.identity
        let close = { (records: inout ThrottleRecords) in
            for index in records.requests.indices
            where records.requests[index].owner.request == ticket.id && records.requests[index].owner.process == mine.0
                && records.requests[index].owner.started == mine.1
            {
                records.requests[index].time = now
                records.requests[index].openUntil = nil
            }
        }
        own.withLock { close(&$0[ticket.host, default: ThrottleRecords()]) }
        withShared(host: ticket.host, close)
    }

    /// Holds every request to `host` back for `seconds` (at most ``longestPause``), in every
    /// process: the server answered `status` with a `Retry-After`.
    package func pause(host: String, status: Int, seconds: Int) {
        let host = host.lowercased()
        let until = clock.now() + min(Double(max(0, seconds)), Self.longestPause)
        let hold = { (records: inout ThrottleRecords) in
            if (records.pause?.until ?? 0) < until {
                records.pause = ThrottleRecords.Pause(until: until, status: status, seconds: seconds)
            }
        }
        own.withLock { hold(&$0[host, default: ThrottleRecords()]) }
        withShared(host: host, hold)
    }

    // MARK: - The rule

    private enum Decision {
        case go
        /// Look again after `seconds`; `reason` says what the wait is for when it may be long.
        case wait(seconds: Double, reason: String?)
        case paused(Paused)
    }

    /// Records `ticket` as begun when a request is allowed now.
    private func reserve(_ ticket: Ticket, openAtMost: Double) -> Decision {
        var decision = Decision.go
        withShared(host: ticket.host) { shared in decision = decide(ticket, openAtMost: openAtMost, &shared) }
        return decision
    }

    /// The rule itself, over one budget's records from the shared folder and this throttle's own: tidies
    /// them, and adds `ticket` when allowed.
    private func decide(_ ticket: Ticket, openAtMost: Double, _ shared: inout ThrottleRecords) -> Decision {
        let now = clock.now()
        let me = Self.identity
        let openIDs = Self.openRequests.withLock { $0 }
        func isThisProcess(_ owner: ThrottleRecords.Owner) -> Bool {
            owner.process == me.0 && owner.started == me.1
        }
        return own.withLock { own in
            var mine = own[ticket.host] ?? ThrottleRecords()
            let mineIDs = Set(mine.requests.map(\.owner.request))
            // This throttle knows its own requests best; the folder brings everyone else's.
            var others = shared.requests.filter { !(isThisProcess($0.owner) && mineIDs.contains($0.owner.request)) }
            tidy(&others, now: now) { owner in
                isThisProcess(owner) ? openIDs.contains(owner.request) : Self.isRunning(owner)
            }
            tidy(&mine.requests, now: now) { openIDs.contains($0.request) }
            let pause = [shared.pause, mine.pause].compactMap { $0 }
                .filter { $0.until > now && $0.until <= now + Self.longestPause }
                .max { $0.until < $1.until }
            mine.pause = pause
            defer {
                own[ticket.host] = mine
                shared.requests = others + mine.requests
                shared.pause = pause
            }
            if let pause {
                return .paused(
                    Paused(
                        host: ticket.host, status: pause.status, seconds: pause.seconds,
                        remaining: Int((pause.until - now).rounded(.up))))
            }
            let counted = others + mine.requests
            if counted.count >= limit {
                // Open requests count as arriving now; the wait is for the limit-th most recent.
                let ordered = counted.sorted {
                    ($0.openUntil == nil ? $0.time : now) < ($1.openUntil == nil ? $1.time : now)
                }
                let blocker = ordered[counted.count - limit]
                guard let until = blocker.openUntil else {
                    return .wait(seconds: max(0.01, blocker.time + window - now), reason: nil)
                }
                var reason: String?
                if !isThisProcess(blocker.owner), now - blocker.time >= window {
                    let bound = min(until, blocker.time + Self.longestOpen)
                    reason =
                        "waiting for \(ticket.host): process \(blocker.owner.process) has had a request to it open "
                        + "for \(Int(now - blocker.time)) s; it counts until it ends (in \(Int((bound - now).rounded(.up))) s "
                        + "at the most), then for \(Int(window)) s"
                }
                return .wait(seconds: Self.pollInterval, reason: reason)
            }
            mine.requests.append(
                ThrottleRecords.Request(
                    owner: ThrottleRecords.Owner(process: me.0, started: me.1, request: ticket.id), time: now,
                    openUntil: now + min(max(0, openAtMost), Self.longestOpen)))
            return .go
        }
    }

    /// Ends the open requests that no longer count as open, and forgets the ended ones that no
    /// longer count at all.
    private func tidy(
        _ requests: inout [ThrottleRecords.Request], now: Double, isOpen: (ThrottleRecords.Owner) -> Bool
    ) {
        for index in requests.indices {
            guard let until = requests[index].openUntil else { continue }
            let bound = min(until, requests[index].time + Self.longestOpen)
            if now >= bound {
                // Expired by time, whoever its owner: it ended at the latest then.
                requests[index].time = bound
                requests[index].openUntil = nil
            } else if requests[index].time > now + window || !isOpen(requests[index].owner) {
                // Begun absurdly far ahead (a clock set back), or its process is gone.
                requests[index].time = now
                requests[index].openUntil = nil
            }
        }
        // Ended long enough ago, or dated absurdly far ahead: forgotten.
        requests.removeAll { $0.openUntil == nil && (now - $0.time >= window || $0.time > now + window) }
    }

    // MARK: - Processes

    /// This process: its id and its start time.
    private static let identity: (Int32, UInt64) = {
        let process = getpid()
        return (process, startTime(of: process) ?? 0)
    }()

    /// Whether the process that owns a record still runs: the same id, started at the same time
    /// (an id can be given to a new process once the old one has gone).
    private static func isRunning(_ owner: ThrottleRecords.Owner) -> Bool {
        guard kill(owner.process, 0) == 0 || errno == EPERM else { return false }
        if owner.started != 0, let started = startTime(of: owner.process), started != owner.started { return false }
        return true
    }

    /// A process's start in clock ticks since boot (`/proc/PID/stat`, field 22), where the
    /// system says.
    private static func startTime(of process: Int32) -> UInt64? {
        let descriptor = open("/proc/\(process)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let bytes = try? SystemIO.readAll(descriptor, limit: 4096).bytes else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // The name in parentheses may hold spaces; the fields after it start at the third.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    // MARK: - The shared folder

    /// Runs `body` over the budget's records in the shared folder, under its lock; over none
    /// when there is no usable folder, noting why.
    private func withShared(host: String, _ body: (inout ThrottleRecords) -> Void) {
        guard let folder else {
            var none = ThrottleRecords()
            body(&none)
            return
        }
        let age = sweepPending.withLock { pending in
            defer { pending = nil }
            return pending
        }
        if let age { ThrottleFolder.sweep(folder.path, unchangedFor: age) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            note("cannot make \(folder.path): \(SystemErrorText.reason(error, path: folder.path))")
            var none = ThrottleRecords()
            body(&none)
            return
        }
        let name = host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        if let problem = ThrottleFolder.update(folder.appendingPathComponent(String(name)).path, body) {
            note(problem)
        }
    }

    private func note(_ message: String) {
        problem.withLock { if $0 == nil { $0 = message } }
    }

    /// Says once, when there is someone to say it to, that the budget is this process's own.
    private func sayProblem(_ notices: (@Sendable (String) -> Void)?) {
        guard let notices, let problem = fileProblem else { return }
        let first = problemSaid.withLock { said in
            defer { said = true }
            return !said
        }
        guard first else { return }
        notices(
            "the request records cannot be shared with other processes (\(problem)); this process keeps "
                + "its own budget of \(limit) requests in \(Int(window)) s per host")
    }
}
