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

/// The wall clock: its times are shared between processes through the throttle file.
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
/// (``begin(host:)``) it holds a place as if it were arriving at every moment, and when the
/// server has answered or the request is over (``end(_:)``) it is dated then — a time the
/// server has surely received it by. A new request starts only when fewer than `limit`
/// requests are open or ended less than `window` seconds ago. Any `limit + 1` arrivals then
/// span at least `window`: when the last of them started, the others had started, and each was
/// open or had ended after its own arrival, so after the first arrival. No margin for the delay
/// is needed, and none could be large enough: the delay has no bound.
///
/// The records per host live in a file in the cache folder, read and written under an
/// exclusive `flock`, so a script that runs `browse` several times at once stays within the
/// limit too. A record left open by a process that has ended counts as ended when that is
/// noticed. When the folder cannot be used, the limit still holds within the process.
public final class HostThrottle: Sendable {
    public let limit: Int
    public let window: Double
    private let folder: URL?
    private let clock: any ThrottleClock
    private let memory = Mutex<[String: [Record]]>([:])
    private let problem = Mutex<String?>(nil)
    /// This process's requests that have begun and not ended, for every throttle in it: a
    /// record in the shared file names its process and request, and another throttle of the
    /// same process must not take a request still open for one whose process has ended.
    private static let openRequests = Mutex<Set<UInt64>>([])
    private static let nextID = Atomic<UInt64>(1)

    /// How often a request waiting only for open requests to end looks again.
    static let pollInterval = 0.1

    /// A request that has begun; give it to ``end(_:)`` when the server has answered.
    public struct Ticket: Sendable, Hashable {
        let host: String
        let id: UInt64
    }

    /// A throttle whose records live in `folder`, shared by every process that uses it.
    ///
    /// - Parameters:
    ///   - folder: Where the request times are kept; `nil` keeps them in memory only.
    ///   - limit: Requests allowed per window (3).
    ///   - window: The window in seconds (5).
    ///   - clock: The time; tests pass one they move by hand.
    public init(folder: URL?, limit: Int = 3, window: Double = 5, clock: any ThrottleClock = SystemThrottleClock()) {
        self.folder = folder
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// The throttle programs share through a cache folder: its records live in `throttle/`.
    public convenience init(cacheFolder: URL) {
        self.init(folder: cacheFolder.appendingPathComponent("throttle", isDirectory: true))
    }

    /// Why the shared file could not be used, if it could not (the throttle then works per process).
    public var fileProblem: String? { problem.withLock { $0 } }

    /// Waits until a request to `host` is allowed, and records one that is over at once: for
    /// callers that cannot say when the server received it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    public func acquire(host: String) async throws {
        end(try await begin(host: host))
    }

    /// Waits until a request to `host` is allowed, and records it as begun.
    ///
    /// - Returns: The ticket to pass to ``end(_:)`` once the server has answered or the
    ///   request has failed; until then the request counts as arriving now.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    public func begin(host: String) async throws -> Ticket {
        let ticket = Ticket(host: host, id: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        Self.openRequests.withLock { _ = $0.insert(ticket.id) }
        while true {
            do {
                try Task.checkCancellation()
            } catch {
                Self.openRequests.withLock { _ = $0.remove(ticket.id) }
                throw error
            }
            guard let wait = reserve(ticket) else { return ticket }
            do {
                try await clock.sleep(seconds: wait)
            } catch {
                Self.openRequests.withLock { _ = $0.remove(ticket.id) }
                throw error
            }
        }
    }

    /// Dates a begun request now: the server has answered it, or it is over.
    ///
    /// Ending a ticket twice does nothing.
    public func end(_ ticket: Ticket) {
        guard Self.openRequests.withLock({ $0.remove(ticket.id) }) != nil else { return }
        let now = clock.now()
        let mine = Owner(process: getpid(), request: ticket.id)
        let close = { (records: inout [Record]) in
            for index in records.indices where records[index].owner == mine {
                records[index] = Record(time: now, owner: nil)
            }
        }
        if let folder, withFile(host: ticket.host, folder: folder, close) { return }
        memory.withLock { memory in close(&memory[ticket.host, default: []]) }
    }

    // MARK: - Records

    /// Who holds an open record.
    private struct Owner: Hashable {
        let process: Int32
        let request: UInt64
    }

    /// One request: open (with its owner) while it has not ended, then dated.
    private struct Record {
        var time: Double
        var owner: Owner?

        /// `1741000000.123456` for an ended request, `1741000000.123456 PID ID` for an open one.
        var line: String {
            let time = String(format: "%.6f", self.time)
            guard let owner else { return time }
            return "\(time) \(owner.process) \(owner.request)"
        }

        init(time: Double, owner: Owner?) {
            self.time = time
            self.owner = owner
        }

        init?(line: Substring) {
            let parts = line.split(separator: " ")
            guard let first = parts.first, let time = Double(first), time.isFinite else { return nil }
            self.time = time
            if parts.count == 3, let process = Int32(parts[1]), let request = UInt64(parts[2]) {
                owner = Owner(process: process, request: request)
            } else {
                owner = nil
            }
        }
    }

    /// Records `ticket` as begun and returns `nil` when a request is allowed now; otherwise
    /// the seconds to wait.
    private func reserve(_ ticket: Ticket) -> Double? {
        var wait: Double?
        let decide = { (records: inout [Record]) in wait = self.decide(ticket, &records) }
        if let folder, withFile(host: ticket.host, folder: folder, decide) { return wait }
        memory.withLock { memory in decide(&memory[ticket.host, default: []]) }
        return wait
    }

    /// The rule itself, over one host's records: tidies them, and adds `ticket` when allowed.
    private func decide(_ ticket: Ticket, _ records: inout [Record]) -> Double? {
        let now = clock.now()
        let myProcess = getpid()
        let ownOpen = Self.openRequests.withLock { $0 }
        for index in records.indices {
            guard let owner = records[index].owner else { continue }
            let alive =
                owner.process == myProcess ? ownOpen.contains(owner.request) : Self.processExists(owner.process)
            if !alive { records[index] = Record(time: now, owner: nil) }
        }
        // Ended long enough ago, or dated absurdly far ahead (a clock set back): forgotten.
        records.removeAll { $0.owner == nil && (now - $0.time >= window || $0.time > now + window) }
        if records.count >= limit {
            // Open requests count as arriving now; the wait is for the limit-th most recent.
            let ordered = records.sorted { ($0.owner == nil ? $0.time : now) < ($1.owner == nil ? $1.time : now) }
            let blocker = ordered[records.count - limit]
            return blocker.owner == nil ? max(0.01, blocker.time + window - now) : Self.pollInterval
        }
        records.append(Record(time: now, owner: Owner(process: myProcess, request: ticket.id)))
        return nil
    }

    private static func processExists(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }

    /// Runs `body` over the host's records in the shared file, under its lock.
    ///
    /// - Returns: False when the file cannot be used (the caller then keeps the records in memory).
    private func withFile(host: String, folder: URL, _ body: (inout [Record]) -> Void) -> Bool {
        let name = host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let path = folder.appendingPathComponent(String(name) + ".times").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            note("cannot create \(folder.path): \(SystemErrorText.reason(error, path: folder.path))")
            return false
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            note("cannot open \(path): \(SystemError.last)")
            return false
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            note("cannot lock \(path)")
            return false
        }
        defer { flock(descriptor, LOCK_UN) }
        var records = readRecords(descriptor)
        body(&records)
        let text = records.map { $0.line }.joined(separator: "\n") + "\n"
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            note("cannot write \(path)")
            return true
        }
        do {
            try SystemIO.writeAll(descriptor, text.utf8)
        } catch {
            note("cannot write \(path): \(error)")
        }
        return true
    }

    private func readRecords(_ descriptor: Int32) -> [Record] {
        lseek(descriptor, 0, SEEK_SET)
        let bytes = (try? SystemIO.readAll(descriptor, limit: 1 << 20).bytes) ?? []
        // A damaged file just loses its history: the throttle never fails a request for it.
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap(Record.init(line:))
    }

    private func note(_ message: String) {
        problem.withLock { if $0 == nil { $0 = message } }
    }
}
