import Foundation

/// One budget's records, as its file holds them: the requests that still count (open, or
/// ended less than a window ago) and a wait the server asked for.
///
/// ```text
/// open 1741000000.123456 4242 81234567 7 1741000125.123456
/// ended 1741000000.500000 4242 81234567 6
/// pause 1741000120.000000 429 120
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

    /// Reads the records of a file; lines that are not records (blank padding, damage) are
    /// skipped: a damaged file loses only its history.
    init(text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: " ")
            guard let kind = parts.first else { continue }
            let numbers = parts.dropFirst().map { Double($0) }
            guard numbers.allSatisfy({ $0?.isFinite == true }) else { continue }
            let values = numbers.compactMap { $0 }
            switch (kind, values.count) {
            case ("ended", 4), ("open", 5):
                guard let process = Int32(parts[2]), let started = UInt64(parts[3]), let request = UInt64(parts[4])
                else { continue }
                requests.append(
                    Request(
                        owner: Owner(process: process, started: started, request: request), time: values[0],
                        openUntil: kind == "open" ? values[4] : nil))
            case ("pause", 3):
                guard let status = Int(parts[2]), let seconds = Int(parts[3]) else { continue }
                pause = Pause(until: values[0], status: status, seconds: seconds)
            default:
                continue
            }
        }
    }

    /// The records as lines.
    var text: String {
        var lines: [String] = []
        for request in requests {
            let owner = "\(request.owner.process) \(request.owner.started) \(request.owner.request)"
            if let until = request.openUntil {
                lines.append("open \(Self.time(request.time)) \(owner) \(Self.time(until))")
            } else {
                lines.append("ended \(Self.time(request.time)) \(owner)")
            }
        }
        if let pause { lines.append("pause \(Self.time(pause.until)) \(pause.status) \(pause.seconds)") }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.6f", seconds) }
}
