import Foundation

/// The real TWSE / TPEx files in `../shared/twse` next to the package (see its SOURCES.md).
/// Tests that read them run only when the folder exists, so a fresh clone still builds and
/// passes with the fixtures alone.
enum SharedData {
    /// `<package>/../shared/twse`, found from this file's path.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TWStockTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/twse", isDirectory: true)

    /// True when the shared files are present.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("SOURCES.md").path)
    }

    /// The bytes of a shared file.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}

/// Small files of our own in `Tests/TWStockTests/Fixtures`, one per quirk.
enum Fixture {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The bytes of a fixture.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
