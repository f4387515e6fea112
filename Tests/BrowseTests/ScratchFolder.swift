import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder for one test's files, removed at its end.
final class ScratchFolder: Sendable {
    let url: URL

    init(_ label: String = "scratch") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("browse-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// The path of `name` in the folder.
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name`, making the folders on the way.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The names in the folder, hidden ones too.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The names of export temporary files (`.NAME.browse-XXXXXX`) in the folder.
    func exportTemporaries() -> [String] {
        names().filter { $0.hasPrefix(".") && $0.contains(".browse-") }
    }

    /// Every file under the folder that holds `text`, by its path in the folder.
    func files(containing text: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: path + "/" + name),
                String(decoding: data, as: UTF8.self).contains(text)
            {
                found.append(name)
            }
        }
        return found
    }

    /// What kind of file `name` is, without following a link: `S_IFREG`, `S_IFLNK`, `S_IFCHR`….
    func kind(_ name: String) -> mode_t? {
        var status = stat()
        guard lstat(file(name), &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}

/// A run of the binary that went on past its watchdog; it was killed.
struct StillRunning: Error, CustomStringConvertible {
    var arguments: [String]
    var seconds: Double
    var description: String {
        "browse \(arguments.joined(separator: " ")) was still running after \(Int(seconds)) s (killed): it hangs"
    }
}

extension Browse {
    /// Runs browse as `run` does, for a case that once hung: a run still going after
    /// `watchdog` seconds (far longer than it takes) is killed, and the test fails naming it.
    ///
    /// - Throws: `StillRunning` when the watchdog ended it.
    static func runEnding(
        within watchdog: Double = 60, _ arguments: [String], directory: String? = nil,
        environment extra: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let output = ErrorCollector(stdout.fileHandleForReading)
        let errors = ErrorCollector(stderr.fileHandleForReading)
        guard ended.wait(timeout: .now() + watchdog) == .success else {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
            throw StillRunning(arguments: arguments, seconds: watchdog)
        }
        return Run(
            stdout: String(decoding: output.finish(), as: UTF8.self),
            stderr: String(decoding: errors.finish(), as: UTF8.self), status: process.terminationStatus)
    }
}
