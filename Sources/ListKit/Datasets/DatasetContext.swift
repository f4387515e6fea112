import Foundation

/// What a dataset may use to build its screens: where to cache, whether to go online,
/// the time, and options from the command line.
public struct DatasetContext: Sendable {
    /// A folder the dataset may write its cache into (created on demand).
    public var cacheDirectory: URL
    /// When true, datasets use cached data only and never touch the network.
    public var offline: Bool
    /// The clock; tests pass a fixed one.
    public var now: @Sendable () -> Date
    /// The process environment, for settings such as mirror URLs.
    public var environment: [String: String]
    /// The options given on the command line or after a command, checked by their declarations
    /// (`market` → `otc`); read each with `options.value(_:)` and its `TypedOption`.
    public var options: OptionValues
    /// The most bytes one input — a download (after decompression), standard input, a pipe or
    /// a device — may bring into memory (`--max-input`); past it the load stops with an error.
    public var maxInputBytes: Int
    /// The program the dataset runs in: its name and version go in a download's User-Agent.
    public var program: ProgramIdentity

    public init(
        cacheDirectory: URL,
        offline: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() },
        environment: [String: String] = [:],
        options: OptionValues = [:],
        maxInputBytes: Int = ByteSize.defaultInputLimit.bytes,
        program: ProgramIdentity = .browse
    ) {
        self.cacheDirectory = cacheDirectory
        self.offline = offline
        self.now = now
        self.environment = environment
        self.options = options
        self.maxInputBytes = maxInputBytes
        self.program = program
    }

    /// A context whose options are given as texts by name.
    public init(
        cacheDirectory: URL, offline: Bool = false, now: @escaping @Sendable () -> Date = { Date() },
        environment: [String: String] = [:], options: [String: String],
        maxInputBytes: Int = ByteSize.defaultInputLimit.bytes, program: ProgramIdentity = .browse
    ) {
        self.init(
            cacheDirectory: cacheDirectory, offline: offline, now: now, environment: environment,
            options: OptionValues(options), maxInputBytes: maxInputBytes, program: program)
    }
}
