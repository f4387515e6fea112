import Foundation

/// What a dataset may use to build its screens: the program it runs in, where to cache,
/// whether to go online, the time, options from the command line, and services (an HTTP
/// client) by typed key.
public struct DatasetContext: Sendable {
    /// A folder the dataset may write its cache into (created on demand).
    public var cacheDirectory: URL {
        didSet { services.forgetMade() }
    }
    /// When true, datasets use cached data only and never touch the network.
    public var offline: Bool {
        didSet { services.forgetMade() }
    }
    /// The clock; tests pass a fixed one.
    public var now: @Sendable () -> Date {
        didSet { services.forgetMade() }
    }
    /// The process environment, as the program was started with it.
    public var environment: [String: String]
    /// The options given on the command line or after a command, checked by their declarations
    /// (`market` → `otc`); read each with `options.value(_:)` and its `TypedOption`.
    public var options: OptionValues
    /// The most bytes one input — a download (after decompression), standard input, a pipe or
    /// a device — may bring into memory (`--max-input`); past it the load stops with an error.
    public var maxInputBytes: Int {
        didSet { services.forgetMade() }
    }
    /// The program the dataset runs in: its name and version go in a download's User-Agent.
    public var program: ProgramIdentity {
        didSet { services.forgetMade() }
    }
    /// The services the context carries, by typed key (``DatasetServiceKey``): those set here,
    /// and those made from the context when first asked for.
    public var services: DatasetServices {
        didSet { services.forgetMade() }
    }

    /// A context for `program`.
    ///
    /// - Parameters:
    ///   - cacheDirectory: A folder the dataset may write its cache into.
    ///   - offline: True to use cached data only.
    ///   - now: The clock.
    ///   - environment: The process environment.
    ///   - options: Dataset options from the command line.
    ///   - maxInputBytes: The most bytes one input may bring into memory.
    ///   - program: The program the dataset runs in: a download names it to servers.
    ///   - services: Services set by the program or a test; the others are made when asked for.
    public init(
        cacheDirectory: URL,
        offline: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() },
        environment: [String: String] = [:],
        options: OptionValues = [:],
        maxInputBytes: Int = ByteSize.defaultInputLimit.bytes,
        program: ProgramIdentity,
        services: DatasetServices = DatasetServices()
    ) {
        self.cacheDirectory = cacheDirectory
        self.offline = offline
        self.now = now
        self.environment = environment
        self.options = options
        self.maxInputBytes = maxInputBytes
        self.program = program
        self.services = services
        // A bag handed to two contexts must not hand the first one's made services to the second.
        self.services.forgetMade()
    }

    /// The service of `key`: the one set in ``services``, else the one made from this context
    /// the first time it was asked for (``DatasetServiceKey/defaultValue(in:)``), which every
    /// copy of the context shares.
    public subscript<Key: DatasetServiceKey>(service key: Key.Type) -> Key.Value {
        if let set = services[key] { return set }
        return services.made.value(for: ObjectIdentifier(key)) { Key.defaultValue(in: self) }
    }

    /// A context whose options are given as texts by name.
    public init(
        cacheDirectory: URL, offline: Bool = false, now: @escaping @Sendable () -> Date = { Date() },
        environment: [String: String] = [:], options: [String: String],
        maxInputBytes: Int = ByteSize.defaultInputLimit.bytes, program: ProgramIdentity,
        services: DatasetServices = DatasetServices()
    ) {
        self.init(
            cacheDirectory: cacheDirectory, offline: offline, now: now, environment: environment,
            options: OptionValues(options), maxInputBytes: maxInputBytes, program: program, services: services)
    }
}
