import Foundation
import LineMode
import ListKit

/// Drives a screen as a person at a terminal would, and returns what they would read: for
/// testing a dataset with the package's own front end, without a terminal or a process.
///
/// ```swift
/// let driver = try ScreenDriver(dataset: PlanetsDataset(), width: 60)
/// let first = await driver.start()
/// #expect(first.screen.contains("Jupiter"))
/// let sorted = await driver.run("sort moons desc")
/// #expect(sorted.screen.contains("1  Jupiter"))
/// ```
@MainActor
public final class ScreenDriver {
    /// What one command printed.
    public struct Output: Sendable, Hashable {
        /// What went to standard output: the screen, a message, an export.
        public var screen: String
        /// The lines on standard error, without the program's name before them.
        public var messages: [String]
        /// True when the command failed (a script would end with status 1).
        public var failed: Bool
    }

    private let session: Session
    private let screen: any ListScreen
    private let output = StringSink()
    private let errors = StringSink()
    private var failures = 0
    /// What starts each message line: the context's program's name.
    private let messagePrefix: String

    /// A driver for `screen` at `width` columns, `pageSize` rows to a page.
    ///
    /// - Parameters:
    ///   - screen: The screen to drive.
    ///   - width: The terminal's width, in columns.
    ///   - pageSize: Rows to a page.
    ///   - context: What datasets get; by default a cache folder of its own in the temporary
    ///     folder, a fixed clock (`FixedClock.standard`), and a program named `screen-driver`.
    public init(
        _ screen: any ListScreen, width: Int = 80, pageSize: Int = 20, context: DatasetContext? = nil
    ) {
        let context =
            context
            ?? Self.ownContext()
        self.screen = screen
        messagePrefix = "\(context.program.name): "
        // An empty registry: the screen is the only thing open, as when a program starts in it.
        session = Session(
            registry: DatasetRegistry(), context: context, options: SessionOptions(width: width, pageSize: pageSize),
            output: output, errors: errors)
    }

    /// A driver for a dataset's first screen.
    ///
    /// - Parameters:
    ///   - dataset: The dataset whose first screen is driven.
    ///   - width: The terminal's width, in columns.
    ///   - pageSize: Rows to a page.
    ///   - context: What the dataset gets; by default its own cache folder, a fixed clock and a
    ///     program named `screen-driver`.
    /// - Throws: What the dataset throws when it cannot make its screen.
    public convenience init(
        dataset: any Dataset, width: Int = 80, pageSize: Int = 20, context: DatasetContext? = nil
    ) throws {
        let context =
            context
            ?? Self.ownContext()
        self.init(try dataset.makeRootScreen(context: context), width: width, pageSize: pageSize, context: context)
    }

    /// The context of a driver given none: a cache folder of its own, a fixed clock, and a
    /// program that says it is a test driver, to a server as in messages.
    private static func ownContext() -> DatasetContext {
        DatasetContext(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
                "screen-driver-\(UUID().uuidString)"),
            now: FixedClock.standard.now,
            program: ProgramIdentity(name: "screen-driver", version: "1.0.0", summary: "a screen driven by a test"))
    }

    /// Opens the screen, loads it (with every batch of a streaming source), and returns the
    /// first screen.
    public func start() async -> Output {
        await session.start(with: screen)
        session.show()
        return take()
    }

    /// Runs one command line (`n`, `/台積`, `sort close desc`, `3`, `export csv`) and returns
    /// what it printed.
    public func run(_ line: String) async -> Output {
        _ = await session.execute(line)
        return take()
    }

    private func take() -> Output {
        let failed = session.failureCount > failures
        failures = session.failureCount
        let prefix = messagePrefix
        let messages = errors.text.split(separator: "\n").map { line in
            line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
        }
        let printed = Output(screen: output.text, messages: messages, failed: failed)
        output.reset()
        errors.reset()
        return printed
    }
}

/// A clock that always says the same instant, so screens that show ages and dates read the same
/// on every run.
public struct FixedClock: Sendable {
    public let instant: Date

    public init(_ instant: Date) {
        self.instant = instant
    }

    /// 2025-06-30 12:00 in Taipei (04:00 UTC): a weekday afternoon after the market closed.
    public static let standard = FixedClock(Date(timeIntervalSince1970: 1_751_256_000))

    /// The clock, for `DatasetContext(now:)`.
    public var now: @Sendable () -> Date {
        let instant = instant
        return { instant }
    }
}
