import BrowseSupport
import Foundation
import ListKit
import Synchronization

/// Shows that a load is running: an animated line on a terminal's standard error, nothing
/// otherwise (so logs and pipes stay clean).
///
/// A load awaits its data, so the line is drawn from the main actor between the load's steps.
/// Work over every row (a sort, `where`, `stats`) holds the main actor until it is done, so its
/// line is drawn from a thread of its own (``startBesideWork()``).
@MainActor
final class ProgressIndicator {
    private let title: String
    private let reporter: ProgressReporter
    private let sink: any TextSink
    private let animated: Bool
    private var task: Task<Void, Never>?
    private var drewSomething = false
    private var line: ProgressLine?

    nonisolated private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(title: String, reporter: ProgressReporter, sink: any TextSink, animated: Bool) {
        self.title = title
        self.reporter = reporter
        self.sink = sink
        self.animated = animated
    }

    func start() {
        guard animated else { return }
        task = Task { @MainActor [weak self] in
            var frame = 0
            // Wait a moment first, so loads that finish at once draw nothing.
            try? await Task.sleep(for: .milliseconds(150))
            while !Task.isCancelled, let self {
                self.draw(frame: frame)
                frame += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Starts drawing from a thread of its own, for work that holds the main actor; it writes
    /// to the sink's descriptor itself, after what the sink holds is sent on.
    func startBesideWork() {
        guard animated, let descriptor = (sink as? FileDescriptorSink)?.descriptor else { return }
        try? sink.flush()
        let line = ProgressLine(title: title, reporter: reporter, descriptor: descriptor)
        self.line = line
        line.start()
    }

    func stop() {
        task?.cancel()
        task = nil
        if let line {
            self.line = nil
            line.stop()
            return
        }
        if drewSomething {
            try? sink.write("\r\u{1B}[K")
            try? sink.flush()
        }
    }

    private func draw(frame: Int) {
        try? sink.write(Self.text(frame: frame, title: title, progress: reporter.current))
        try? sink.flush()
        drewSomething = true
    }

    /// The line for animation frame `frame`, with the carriage return before it and the erase
    /// after it.
    ///
    /// - Parameter isLoad: Whether the title names what loads (`loading films`) or the work
    ///   itself (`sort close desc`).
    nonisolated static func text(frame: Int, title: String, progress: LoadProgress, isLoad: Bool = true) -> String {
        var text = "\(frames[frame % frames.count]) \(isLoad ? "loading " : "")\(VisibleText.make(title))"
        if let step = progress.step, !step.isEmpty { text += " · " + VisibleText.make(step) }
        if progress.completed > 0 || progress.total != nil {
            text += " · " + amount(progress)
        }
        return "\r" + TextFitting.truncate(text, toWidth: 78) + "\u{1B}[K"
    }

    nonisolated private static func amount(_ progress: LoadProgress) -> String {
        func format(_ value: Int64) -> String {
            switch progress.unit {
            case .items: return ExactDecimal(value).formatted(grouping: true)
            case .bytes: return ByteCount.text(value)
            }
        }
        var text = format(progress.completed)
        if let total = progress.total { text += " of " + format(total) }
        if let fraction = progress.fraction { text += " (\(Int(fraction * 100))%)" }
        return text
    }
}

/// The progress line of work that holds the main actor, drawn from a thread of its own: after
/// the same short wait as a load's, then every 100 ms until stopped.
private final class ProgressLine: Sendable {
    let title: String
    let reporter: ProgressReporter
    let descriptor: Int32
    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    init(title: String, reporter: ProgressReporter, descriptor: Int32) {
        self.title = title
        self.reporter = reporter
        self.descriptor = descriptor
    }

    func start() {
        let thread = Thread { [self] in
            var frame = 0
            var drew = false
            var waited = 0
            while !stopped.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: 0.01)
                waited += 10
                guard waited >= 150, (waited - 150) % 100 == 0 else { continue }
                let text = ProgressIndicator.text(
                    frame: frame, title: title, progress: reporter.current, isLoad: false)
                _ = try? SystemIO.writeAll(descriptor, Array(text.utf8))
                frame += 1
                drew = true
            }
            if drew { _ = try? SystemIO.writeAll(descriptor, Array("\r\u{1B}[K".utf8)) }
            ended.signal()
        }
        thread.start()
    }

    /// Stops drawing and returns once the line is erased.
    func stop() {
        stopped.store(true, ordering: .releasing)
        ended.wait()
    }
}

/// Sizes written for people: `112.4 MB`.
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
