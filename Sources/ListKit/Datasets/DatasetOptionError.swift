import BrowseSupport

/// A dataset option with a value the dataset cannot use (`--market nasdaq`). Front ends treat
/// it as a usage error.
public struct DatasetOptionError: UserFacingError, Hashable {
    public let option: String
    public let value: String
    /// What would work (`use listed, otc, emerging or all`).
    public let expected: String

    public init(option: String, value: String, expected: String) {
        self.option = option
        self.value = value
        self.expected = expected
    }

    public var description: String { "--\(option) \(value): \(expected)" }

    /// A value the command line gave: a usage mistake.
    public var exitCode: ExitCode { .usage }
}
