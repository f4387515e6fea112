import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One folder for the files a whole test run shares (inputs that many tests read, caches that
/// a run of the binary leaves behind), removed when the test process exits: a folder held by a
/// static is never deinitialized, and a test's cache outlives the test that names it.
enum RunFolder {
    static let url: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("browse-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: RunFolder.url) }
        return url
    }()

    /// A path in the run's folder that no other test uses, `label` first; not created.
    static func unique(_ label: String) -> String {
        url.appendingPathComponent("\(label)-\(UUID().uuidString)").path
    }

    /// The folder `name` in the run's folder, created.
    static func shared(_ name: String) -> URL {
        let folder = url.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
