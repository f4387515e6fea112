import Foundation
import Testing

/// An export to a file streams row by row through a buffer: it never holds its whole text.
@Suite struct ExportMemoryTests {
    @Test func aLargeJSONExportDoesNotHoldItsWholeOutput() async throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("rows.csv").path
        var text = "code,name,price,volume\n"
        for index in 0..<150_000 { text += "\(1000 + index % 9000),name \(index),\(index % 977).25,\(index * 7)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let output = folder.appendingPathComponent("rows.json").path
        let (browsed, exported) = try await blocking {
            (
                try Browse.runMeasuringMemory([input, "-c", "g 2"]),
                try Browse.runMeasuringMemory([input, "-c", "export json \(output)"])
            )
        }
        #expect(exported.run.status == 0, "\(exported.run.stderr)")
        let written = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        #expect(written > 10_000_000)
        // Holding the export would add at least its size; streaming adds a buffer of 1 MiB.
        let added = exported.peakResidentBytes - browsed.peakResidentBytes
        #expect(added < written / 2, "the export added \(added >> 20) MiB for \(written >> 20) MiB written")
    }
}
