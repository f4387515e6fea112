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

    /// A filter's rows spread over a large file are found and written reading the file a
    /// stretch at a time: the pages behind go, and the file never becomes the program's memory.
    @Test func aFilterOverALargeFileDoesNotHoldTheFile() async throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("ticks.csv")
        // 80 MB: large enough that its mapped pages are let go after each stretch.
        var text = "日期,代號,名稱,收盤價,備註\n"
        let note = String(repeating: "n", count: 40)
        let names = ["台積電", "聯發科", "鴻海", "中華電", "國泰金", "富邦金", "台塑", "統一", "大立光", "日月光"]
        for index in 0..<1_100_000 {
            text += "2025/06/\(index % 28 + 10),\(1100 + index % 9000),\(names[index % 10]),\(index % 977).25,\(note)\n"
        }
        let data = Data(text.utf8)
        text = ""
        try data.write(to: input)
        let measured = try await blocking {
            try Browse.runMeasuringMemory([input.path, "--filter", "台積電", "--format", "csv"])
        }
        #expect(measured.run.status == 0, "\(measured.run.stderr)")
        #expect(measured.run.stdout.split(separator: "\n").count == 110_001)
        #expect(
            measured.peakResidentBytes < data.count,
            "peak \(measured.peakResidentBytes >> 20) MiB for a file of \(data.count >> 20) MiB")
    }
}
