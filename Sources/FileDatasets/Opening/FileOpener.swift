import ListKit
import ListKitNetworking

/// Opens files, URLs and standard input as list screens: what `browse FILE` and `open FILE` use.
///
/// ```swift
/// let opener = FileOpener()
/// let screen = try opener.screen(for: "ticks.csv", context: context)
/// ```
public struct FileOpener: ListOpener {
    private let makeFetcher: (@Sendable (DatasetContext) -> any HTTPFetching)?
    private let standardInput: Int32

    /// An opener.
    ///
    /// - Parameters:
    ///   - fetcher: Makes the downloader for URLs; by default the context's client
    ///     (`DatasetContext.httpClient`), which every screen of the program shares.
    ///   - standardInput: The descriptor `-` reads; standard input by default.
    public init(fetcher: (@Sendable (DatasetContext) -> any HTTPFetching)? = nil, standardInput: Int32 = 0) {
        self.makeFetcher = fetcher
        self.standardInput = standardInput
    }

    public var options: [OptionDeclaration] { FileOptions.declared }

    /// The screen for `name`, or `nil` when it is neither an existing path, an http(s) URL nor `-`.
    ///
    /// - Throws: `FileOpenError.badOption` for an option that cannot work.
    @MainActor
    public func screen(named name: String, context: DatasetContext) throws -> (any ListScreen)? {
        do throws(FileOpenError) {
            return try screen(for: name, context: context)
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
    }

    /// The screen for `name` (a path, an http(s) URL, or `-`), ready to load.
    ///
    /// The name is only looked up here; reading and indexing happen when the screen loads, with
    /// progress, and their failures are the screen's load errors.
    ///
    /// - Throws: `FileOpenError.notFound` when `name` is neither an existing path nor a URL,
    ///   `.badOption` for an option that cannot work.
    @MainActor
    public func screen(for name: String, context: DatasetContext) throws(FileOpenError)
        -> GenericListController<FileRow, ColumnsRow>
    {
        let options = try FileOptions(parsing: context.options)
        guard let location = FileLocation(name: name) else { throw .notFound(name) }
        let makeFetcher = self.makeFetcher
        let loader = FileLoader(
            location: location, options: options,
            fetcher: { makeFetcher?(context) ?? context.httpClient },
            offline: context.offline, standardInput: standardInput, maxInputBytes: context.maxInputBytes,
            cacheFolder: context.cacheDirectory, now: context.now)
        return FileScreen.make(loader: loader)
    }
}
