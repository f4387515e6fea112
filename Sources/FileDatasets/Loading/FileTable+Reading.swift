import ListKit
import ListKitNetworking

extension FileTable {
    /// Reads and indexes a local file, outside any screen: for tools (the new-dataset plugin)
    /// and for datasets that bundle a data file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - options: Format, delimiter, header and encoding; by default all sniffed from the file.
    /// - Throws: `FileLoadError` saying what is wrong with the file.
    /// - Complexity: O(n) in the size of the file.
    public static func read(path: String, options: FileOptions = FileOptions()) async throws(FileLoadError)
        -> FileTable
    {
        let loader = FileLoader(
            location: .path(path), options: options, fetcher: { NoDownloads() }, offline: true,
            standardInput: -1)
        return try await loader.load(progress: ProgressReporter())
    }
}
