/// An error a person reads: one line that says what happened, the exit status a program ends
/// with when it stops on it, and what kind of next step would help.
///
/// Lower layers state facts (what failed, where, what the server said) and name a ``Remedy``;
/// the front end turns the remedy into words that fit where the person is (`r tries again` at
/// a prompt, `run the command again` in a script). So a library never tells someone to press
/// a key it does not know about.
///
/// Implementers must guarantee that `description` is one line, has no advice in it that
/// depends on the front end, and quotes any text from outside (a path, a server's answer)
/// without changing it: the front end makes control characters visible.
public protocol UserFacingError: Error, Sendable, CustomStringConvertible {
    /// The status a program exits with when this error ends it: `.failure` unless the
    /// command line itself was wrong (`.usage`).
    var exitCode: ExitCode { get }
    /// What could help next, if anything.
    var remedy: Remedy? { get }
}

extension UserFacingError {
    public var exitCode: ExitCode { .failure }
    public var remedy: Remedy? { nil }
}

/// A next step that may help after an error, said in words by the front end.
public enum Remedy: Sendable, Hashable {
    /// The same request may work now (a download cut short, a server error).
    case retry
    /// The same request may work later; the server may have said how long to wait.
    case retryLater(seconds: Int?)
    /// The network did not answer: check it, or use the data already cached.
    case checkNetworkOrUseCache
    /// Cached data only was asked for, and there is none: the network is needed once.
    case goOnline
    /// An input reached the most the program reads into memory; a larger limit can be asked for.
    case allowLargerInput
    /// A server refuses this client for the rest of the run: only a later run may be answered.
    case waitForALaterRun
    /// The input changed under the screen: reading it again shows what it holds now.
    case reload
}
