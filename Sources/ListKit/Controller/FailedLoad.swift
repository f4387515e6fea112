import BrowseSupport

/// Why a screen has no rows: every source it loaded failed (``LoadState/failed(_:)``).
///
/// Its description is the line a person reads, each source with what it threw:
///
/// ```text
/// 上市: HTTP 503 from www.twse.com.tw; 上櫃: www.tpex.org.tw did not answer within 20 s
/// ```
public struct FailedLoad: UserFacingError, Hashable {
    /// The sources that failed, in the order they were loaded.
    public let failures: [SourceFailure]

    /// - Parameter failures: The sources that failed, in the order they were loaded.
    public init(failures: [SourceFailure]) {
        self.failures = failures
    }

    public var description: String {
        failures.map { "\($0.source): \($0.reason)" }.joined(separator: "; ")
    }

    /// What the first failure said could help.
    public var remedy: Remedy? { failures.first?.remedy }
}
