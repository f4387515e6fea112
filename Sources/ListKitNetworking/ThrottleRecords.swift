import Foundation

/// One budget's records, as the names of the files in its folder: the requests that still
/// count (open, or ended less than a window ago) and a wait the server asked for.
///
/// ```text
/// open_1741000000.123456_4242_81234567_7_1741000125.123456
/// ended_1741000000.500000_4242_81234567_6
/// pause_1741000120.000000_429_120
/// ```
struct ThrottleRecords: Sendable {
    /// Who made a request: its process, told apart from a later one with the same id by its
    /// start time, and the request's number in that process.
    struct Owner: Hashable, Sendable {
        let process: Int32
        /// The process's start, in clock ticks since boot; `0` when it is not known.
        let started: UInt64
        let request: UInt64
    }

    /// One request.
    struct Request: Sendable {
        var owner: Owner
        /// When it began, while open; when it ended, after.
        var time: Double
        /// While open, the latest time it counts as open: after it, the request counts as
        /// ended then, whoever its owner and whether or not that process still runs.
        var openUntil: Double?
    }

    /// A wait the server asked for (`Retry-After`): no request goes before `until`.
    struct Pause: Sendable, Hashable {
        var until: Double
        /// The status that asked for it (429, 503).
        var status: Int
        /// The seconds the server asked for.
        var seconds: Int
    }

    var requests: [Request] = []
    var pause: Pause?

    init() {}

    /// Reads the records from their names; other names (damage, anything else in the folder)
    /// are skipped: damage loses only history.
    init(names: some Sequence<String>) {
        for name in names {
            let parts = name.split(separator: "_")
            guard let kind = parts.first else { continue }
            let values = parts.dropFirst().map { Double($0) }
            guard values.allSatisfy({ $0?.isFinite == true }) else { continue }
            let numbers = values.compactMap { $0 }
            switch (kind, numbers.count) {
            case ("ended", 4), ("open", 5):
                guard let process = Int32(parts[2]), let started = UInt64(parts[3]), let request = UInt64(parts[4])
                else { continue }
                requests.append(
                    Request(
                        owner: Owner(process: process, started: started, request: request), time: numbers[0],
                        openUntil: kind == "open" ? numbers[4] : nil))
            case ("pause", 3):
                guard let status = Int(parts[2]), let seconds = Int(parts[3]) else { continue }
                let pause = Pause(until: numbers[0], status: status, seconds: seconds)
                if (self.pause?.until ?? 0) < pause.until { self.pause = pause }
            default:
                continue
            }
        }
    }

    /// True for a name that a record could have: the others in a folder are left alone.
    static func isRecord(_ name: String) -> Bool {
        name.hasPrefix("open_") || name.hasPrefix("ended_") || name.hasPrefix("pause_")
    }

    /// The records as names of files.
    var names: Set<String> {
        var names: Set<String> = []
        for request in requests {
            let owner = "\(request.owner.process)_\(request.owner.started)_\(request.owner.request)"
            if let until = request.openUntil {
                names.insert("open_\(Self.time(request.time))_\(owner)_\(Self.time(until))")
            } else {
                names.insert("ended_\(Self.time(request.time))_\(owner)")
            }
        }
        if let pause { names.insert("pause_\(Self.time(pause.until))_\(pause.status)_\(pause.seconds)") }
        return names
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.6f", seconds) }
}
