import BrowseSupport
import ListKit

/// A verb after the program's name that is not a dataset (`browse import FILE…`): it declares
/// its options like a dataset does, is parsed by the same parser, listed in `--help`, and
/// writes through the same outputs as everything else.
@MainActor
public protocol Subcommand {
    /// The word that invokes it (`import`).
    var name: String { get }
    /// What follows the name in usage (`FILE… [--date yyyy-mm-dd]`).
    var synopsis: String { get }
    /// One line on what it does.
    var summary: String { get }
    /// The options it reads from `Invocation.datasetOptions`, each checked by its declaration;
    /// the program's own options (`--cache-dir`, `--offline`) are parsed for it too, before its
    /// name or after it.
    var options: [OptionDeclaration] { get }

    /// Runs the subcommand.
    ///
    /// - Parameters:
    ///   - invocation: The parsed command line; `arguments` holds what followed the name.
    ///   - environment: Where to write, and the context datasets get (cache, clock).
    /// - Returns: The exit status.
    /// - Throws: A `UserFacingError` (its exit status is used) or any error (a failure).
    func run(_ invocation: Invocation, environment: ProgramEnvironment) async throws -> ExitCode
}

/// What a subcommand may use.
@MainActor
public struct ProgramEnvironment {
    /// Standard output.
    public let output: any TextSink
    /// Messages on standard error.
    public let messages: MessageWriter
    /// The cache folder, clock, environment and options a dataset would get.
    public let context: DatasetContext
}
