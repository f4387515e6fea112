import Foundation
import Testing

/// JSON whose objects do not share their keys: each object would write a field for every key,
/// so the table is refused with one line while it is read, in little memory and time.
@Suite struct WideJSONTests {
    static func write(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("browse-wide-\(UUID()).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url
    }

    @Test func fortyThousandDifferentKeysStopAtTheColumnLimitWithTheirLine() async throws {
        let url = try Self.write((0..<40_000).map { "{\"k\($0)\": \($0)}" })
        defer { try? FileManager.default.removeItem(at: url) }
        let measured = try await blocking { try Browse.runMeasuringMemory([url.path, "--format", "csv"]) }
        #expect(measured.run.status == 1)
        #expect(measured.run.stdout.isEmpty)
        #expect(
            measured.run.stderr.hasSuffix(
                "line 5001: more than 5000 different keys (the next is \"k5000\"); at most 5000 columns can be shown\n")
        )
        #expect(measured.peakResidentBytes < 150 << 20, "peak \(measured.peakResidentBytes >> 20) MiB")
    }

    @Test func objectsSharingFewKeysAreRefusedBeforeTheTableIsMade() async throws {
        let url = try Self.write((0..<40_000).map { "{\"k\($0 % 4_999)\": \($0)}" })
        defer { try? FileManager.default.removeItem(at: url) }
        let measured = try await blocking { try Browse.runMeasuringMemory([url.path, "--format", "csv"]) }
        #expect(measured.run.status == 1)
        #expect(measured.run.stderr.contains("its 40000 objects have 4999 different keys between them"))
        #expect(measured.peakResidentBytes < 150 << 20, "peak \(measured.peakResidentBytes >> 20) MiB")
    }

    /// A wide table whose objects do share their keys still opens.
    @Test func aWideTableOfSharedKeysStillOpens() throws {
        let keys = (0..<200).map { "\"c\($0)\": \($0)" }.joined(separator: ", ")
        let url = try Self.write((0..<500).map { _ in "{" + keys + "}" })
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try Browse.run([url.path, "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 501)
    }
}
