import Foundation
import Testing

/// What one run of the built `browse` binary did.
struct Run: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The run as a snapshot: the command, its input, and everything it printed.
    func transcript(arguments: [String], input: String?) -> String {
        var text = "$ browse " + arguments.map(Self.quoted).joined(separator: " ") + "\n"
        if let input {
            text += "# stdin: " + String(input.replacingOccurrences(of: "\n", with: "⏎").prefix(200)) + "\n"
        }
        text += "## stdout\n" + stdout
        if !stdout.isEmpty, !stdout.hasSuffix("\n") { text += "\n" }
        text += "## stderr\n" + stderr
        if !stderr.isEmpty, !stderr.hasSuffix("\n") { text += "\n" }
        text += "## exit \(status)\n"
        return text
    }

    private static func quoted(_ argument: String) -> String {
        argument.contains(where: { " ;'\"".contains($0) }) || argument.isEmpty ? "'\(argument)'" : argument
    }
}

/// Runs the `browse` executable that `swift test` built beside the test bundle.
enum Browse {
    static let executable: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundleFolder, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("browse")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundleFolder.appendingPathComponent("browse")
    }()

    /// A clean environment: no colour, no terminal width, a private cache, and the built-in
    /// datasets only (a copy of the package with datasets added by `new-dataset` gives the same
    /// transcripts).
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("browse-test-home").path,
            "LANG": "C.UTF-8",
            "BROWSE_DATASETS": "builtin",
            // No manifests unless a test writes some: a person's own never reach a transcript.
            "XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("browse-test-config").path,
            "XDG_RUNTIME_DIR": runtimeFolder.path,
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// The runtime folder of every run this test process starts, where the runs keep their
    /// shared request records: the runs of one process share a server's budget and its waits,
    /// as a person's runs do, but a `Retry-After` that an earlier test process was answered for
    /// a port the system has since given again holds none of them back.
    static let runtimeFolder: URL = {
        let folder = RunFolder.shared("runtime")
        // A session's runtime folder is the user's alone; the program refuses one others may enter.
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        return folder
    }()

    /// Runs browse with `arguments`, feeding `input` (bytes) to its standard input, in
    /// `directory` when given.
    static func run(
        _ arguments: [String], input: Data? = nil, environment extra: [String: String] = [:], directory: URL? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently, so large input or output cannot deadlock the pipes.
        let writer = Thread {
            if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorData.finish(), as: UTF8.self),
            status: process.terminationStatus)
    }

    static func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> Run {
        try run(arguments, input: Data(input.utf8), environment: environment)
    }
}

/// Reads a pipe to its end on another thread.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// Compares `actual` with the snapshot `name`; `BROWSE_RECORD_SNAPSHOTS=1` writes it instead.
func assertSnapshot(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name + ".txt")
    let normalized = actual.replacingOccurrences(of: "\r\n", with: "\n")
    if ProcessInfo.processInfo.environment["BROWSE_RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(normalized.utf8).write(to: file)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "no snapshot \(name).txt; run with BROWSE_RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
        return
    }
    if expected != normalized {
        let diff: String = lineDiff(expected: expected, actual: normalized)
        Issue.record("snapshot \(name).txt differs:\n\(diff)", sourceLocation: sourceLocation)
    }
}

/// A dependency-free line diff: `-` expected, `+` actual, with the lines around them.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
        let left = index < old.count ? String(old[index]) : nil
        let right = index < new.count ? String(new[index]) : nil
        if left == right { continue }
        if let left { lines.append(String(index + 1) + " - " + left) }
        if let right { lines.append(String(index + 1) + " + " + right) }
    }
    return lines.prefix(40).joined(separator: "\n")
}

#if canImport(Glibc)
    import Glibc
#endif

/// A run of the binary with the most memory it held at once.
struct MeasuredRun: Sendable {
    var run: Run
    /// The peak resident set (`ru_maxrss`), in bytes.
    var peakResidentBytes: Int
}

/// What a measured run reads on standard input.
enum StandardInput: Sendable {
    /// Nothing: standard input is closed at once.
    case empty
    /// These bytes over and over, until the program stops reading (`yes | browse -`).
    case endless([UInt8])
}

extension Browse {
    /// Runs browse under `peak-memory-probe`, which reports its peak memory: measured from
    /// the test process itself, a child's peak would start at the test process's own.
    static func runMeasuringMemory(
        _ arguments: [String], input: StandardInput = .empty, environment extra: [String: String] = [:]
    ) throws -> MeasuredRun {
        signal(SIGPIPE, SIG_IGN)  // an endless writer meets a reader that has stopped
        var inputPipe = [Int32](repeating: 0, count: 2)
        var output = [Int32](repeating: 0, count: 2)
        var errors = [Int32](repeating: 0, count: 2)
        guard pipe(&inputPipe) == 0, pipe(&output) == 0, pipe(&errors) == 0 else { throw SpawnError(code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in inputPipe + output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let probe = executable.deletingLastPathComponent().appendingPathComponent("peak-memory-probe")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("browse-peak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: report) }
        let argv = ([probe.path, report.path, executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment(extra).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, probe.path, &actions, nil, argv, envp)
        close(inputPipe[0])
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(inputPipe[1])
            close(output[0])
            close(errors[0])
            throw SpawnError(code: spawned)
        }
        let writer = inputPipe[1]
        Thread {
            defer { close(writer) }
            guard case .endless(let bytes) = input, !bytes.isEmpty else { return }
            while bytes.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
        }.start()
        let stdout = DescriptorCollector(output[0])
        let stderr = DescriptorCollector(errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let peak = (try? String(contentsOf: report, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return MeasuredRun(
            run: Run(
                stdout: String(decoding: stdout.finish(), as: UTF8.self),
                stderr: String(decoding: stderr.finish(), as: UTF8.self), status: exit),
            peakResidentBytes: peak ?? Int.max)
    }
}

/// Runs blocking work (a run of the binary) on a thread of its own and waits for it without
/// holding one of the few threads Swift's tasks share: a long run held there delays every
/// other test's timers (an HTTP client's deadline among them).
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Reads a descriptor to its end on a thread of its own, then closes it.
final class DescriptorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    self.data.append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(descriptor)
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

struct SpawnError: Error {
    let code: Int32
}
