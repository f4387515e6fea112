import ListKit

/// Shows that a load is running: an animated line on a terminal's standard error, nothing
/// otherwise (so logs and pipes stay clean).
@MainActor
final class ProgressIndicator {
    private let title: String
    private let reporter: ProgressReporter
    private let sink: any TextSink
    private let animated: Bool
    private var task: Task<Void, Never>?
    private var drewSomething = false

    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

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

    func stop() {
        task?.cancel()
        task = nil
        if drewSomething {
            try? sink.write("\r\u{1B}[K")
            try? sink.flush()
        }
    }

    private func draw(frame: Int) {
        let progress = reporter.current
        var text = "\(Self.frames[frame % Self.frames.count]) loading \(VisibleText.make(title))"
        if let step = progress.step, !step.isEmpty { text += " · " + VisibleText.make(step) }
        if progress.completed > 0 || progress.total != nil {
            text += " · " + Self.amount(progress)
        }
        try? sink.write("\r" + TextFitting.truncate(text, toWidth: 78) + "\u{1B}[K")
        try? sink.flush()
        drewSomething = true
    }

    private static func amount(_ progress: LoadProgress) -> String {
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
