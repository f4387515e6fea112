import Foundation

/// Formats a generated file with the toolchain's `swift format`, best effort: a toolchain
/// without it leaves the file as generated (which compiles either way).
enum SwiftFormat {
    static func format(_ file: URL, package: URL) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard
            let swift = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { return }
        let process = Process()
        process.executableURL = swift
        process.arguments = ["format", "format", "--in-place", file.path]
        process.currentDirectoryURL = package
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return
        }
    }
}
