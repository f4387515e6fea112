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

/// Never more than `limit` requests in any `window` seconds to one host — across processes.
///
/// The times of recent requests per host live in a file in the cache folder, read and
/// written under an exclusive `flock`, so a script that runs `browse` several times in a row
/// stays within the limit too. When the folder cannot be used, the limit still holds within
/// the process.
public final class HostThrottle: Sendable {
    public let limit: Int
    public let window: Double
    private let folder: URL?
    private let clock: any ThrottleClock
    private let memory = Mutex<[String: [Double]]>([:])
    private let problem = Mutex<String?>(nil)

    /// - Parameters:
    ///   - folder: Where the request times are kept; `nil` keeps them in memory only.
    ///   - limit: Requests allowed per window (3).
    ///   - window: The window in seconds (5).
    public init(folder: URL?, limit: Int = 3, window: Double = 5, clock: any ThrottleClock = SystemThrottleClock()) {
        self.folder = folder
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// Why the shared file could not be used, if it could not (the throttle then works per process).
    public var fileProblem: String? { problem.withLock { $0 } }

    /// Waits until a request to `host` is allowed, and records it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    public func acquire(host: String) async throws {
        while true {
            try Task.checkCancellation()
            let wait = reserve(host: host)
            guard let wait else { return }
            try await clock.sleep(seconds: wait)
        }
    }

    /// Records a request and returns `nil` when one is allowed now; otherwise the seconds to wait.
    private func reserve(host: String) -> Double? {
        if let folder, let wait = reserveInFile(host: host, folder: folder) {
            return wait.allowed ? nil : wait.seconds
        }
        return memory.withLock { times in
            let now = clock.now()
            var recent = (times[host] ?? []).filter { now - $0 < window }
            defer { times[host] = recent }
            if recent.count < limit {
                recent.append(now)
                return nil
            }
            return max(0.01, (recent.min() ?? now) + window - now)
        }
    }

    private func reserveInFile(host: String, folder: URL) -> (allowed: Bool, seconds: Double)? {
        let name = host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let path = folder.appendingPathComponent(String(name) + ".times").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            note("cannot create \(folder.path)")
            return nil
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            note("cannot open \(path): \(SystemError.last)")
            return nil
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            note("cannot lock \(path)")
            return nil
        }
        defer { flock(descriptor, LOCK_UN) }
        let now = clock.now()
        var recent = readTimes(descriptor).filter { now - $0 < window && $0 <= now + window }.sorted()
        if recent.count >= limit {
            return (false, max(0.01, recent[recent.count - limit] + window - now))
        }
        recent.append(now)
        let text = recent.map { String(format: "%.3f", $0) }.joined(separator: "\n") + "\n"
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            note("cannot write \(path)")
            return (true, 0)
        }
        do {
            try SystemIO.writeAll(descriptor, text.utf8)
        } catch {
            note("cannot write \(path): \(error)")
        }
        return (true, 0)
    }

    private func readTimes(_ descriptor: Int32) -> [Double] {
        lseek(descriptor, 0, SEEK_SET)
        let bytes = (try? SystemIO.readAll(descriptor, limit: 1 << 20).bytes) ?? []
        // A damaged file just loses its history: the throttle never fails a request for it.
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
    }

    private func note(_ message: String) {
        problem.withLock { if $0 == nil { $0 = message } }
    }
}
