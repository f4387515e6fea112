import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is wrong with a file is said in the project's words: a link loop or a link to nowhere
/// is not "no dataset named", UTF-16 is not "a NUL byte", a refused export is not Foundation's.
@Suite struct FileMessageTests {
    static func scratch() throws -> String {
        try ExportExactnessTests.scratch().path
    }

    @Test func aLoopOfLinksAndALinkToNowhereSayWhatIsWrong() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.csv", withDestinationPath: "b.csv")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.csv", withDestinationPath: "a.csv")
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.csv", withDestinationPath: "nowhere.csv")
        let loop = try Browse.run([folder + "/a.csv", "--format", "csv"])
        #expect(loop.status == 1)
        #expect(
            loop.stderr.hasSuffix("a symbolic link that leads back to itself (a loop of links)\n"), "\(loop.stderr)")
        let dangling = try Browse.run([folder + "/gone.csv", "--format", "csv"])
        #expect(dangling.status == 1)
        #expect(dangling.stderr.hasSuffix("it is a symbolic link to \"nowhere.csv\", which does not exist\n"))
        for run in [loop, dangling] {
            #expect(!run.stderr.contains("no dataset"))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test(arguments: [
        ("utf-16 with its mark, little-endian", [0xFF, 0xFE] as [UInt8], false),
        ("utf-16 with its mark, big-endian", [0xFE, 0xFF], true),
        ("utf-16 without a mark", [], false),
    ])
    func aUTF16FileSaysItIsUTF16(name: String, mark: [UInt8], bigEndian: Bool) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let units = Array("code,name\n2330,台積電\n".utf16)
        let bytes =
            mark
            + units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/wide.csv"))
        let run = try Browse.run([folder + "/wide.csv", "--format", "csv"])
        #expect(run.status == 1, "\(name)")
        #expect(run.stderr.contains("it is UTF-16 text, not UTF-8; convert it first"), "\(name): \(run.stderr)")
        #expect(!run.stderr.contains("NUL"))
    }

    /// A binary file with NUL bytes here and there is still "not text".
    @Test func aBinaryFileIsStillNotText() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x41, 0x42]).write(
            to: URL(fileURLWithPath: folder + "/program"))
        let run = try Browse.run([folder + "/program", "--format", "csv"])
        #expect(run.stderr.contains("it is not text (a NUL byte"))
    }

    /// An export the system refuses: its reason in the system's words, never Foundation's.
    @Test func aRefusedExportSaysWhyInTheSystemsWords() throws {
        let folder = try Self.scratch()
        defer {
            chmod(folder + "/locked", 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        // Root may write anywhere but /sys; others may not write a folder of mode 500.
        var target = folder + "/locked/out.csv"
        if getuid() == 0 {
            target = "/sys/kernel/out.csv"
        } else {
            try FileManager.default.createDirectory(atPath: folder + "/locked", withIntermediateDirectories: true)
            chmod(folder + "/locked", 0o500)
        }
        let run = try Browse.run(["people", "-c", "export csv \(target)"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("could not write \(target): permission denied; nothing was written"), "\(run.stderr)")
        #expect(!run.stderr.contains("You don't have permission"))
        let missing = try Browse.run(["people", "-c", "export csv \(folder)/nosuch/out.csv"])
        #expect(missing.stderr.contains("no such file or directory; nothing was written"), "\(missing.stderr)")
    }
}
