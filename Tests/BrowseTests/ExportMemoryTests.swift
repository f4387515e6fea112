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
        let lines = try await Self.exportLargeTicks(["--filter", "台積電"])
        #expect(lines == 110_001)
    }

    /// A query with letters matches regardless of case, so the rows holding characters that
    /// fold to ASCII (full-width forms, here in one row in 31, all over the file) are found and
    /// each checked: both passes let the pages behind them go, as the search does.
    @Test func aCaselessFilterOverALargeFileDoesNotHoldTheFile() async throws {
        let lines = try await Self.exportLargeTicks(["--filter", "Zq"], fullWidthEvery: 31)
        #expect(lines == 1)
    }

    /// `where` reads one column of every row, on every core: each core's stretch of the file
    /// lets its pages go as it passes them, so the file does not become the program's memory.
    @Test func aWhereOverALargeFileDoesNotHoldTheFile() async throws {
        let lines = try await Self.exportLargeTicks(["--where", "收盤價 >= 976"])
        // The rows whose price is the greatest of the 977, and the header.
        let matching = (0..<1_100_000).filter { $0 % 977 == 976 }.count
        #expect(lines == 1 + matching)
    }

    /// `freq` shows each value as its first row writes it. When there are many values, those
    /// rows lie all over the file (one in eight here), and reading them lets the pages behind
    /// go as the passes do: the file does not become the program's memory.
    @Test func countingAColumnOfManyValuesDoesNotHoldTheFile() async throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("spread.csv")
        // Each value's eight rows are together, so the values' first rows are spread evenly.
        var text = "id,note\n"
        let note = String(repeating: "n", count: 100)
        for index in 0..<1_100_000 { text += "\(index - index % 8),\(note)\n" }
        try Data(text.utf8).write(to: input)
        let size = text.utf8.count
        let measured = try await blocking { try Browse.runMeasuringMemory([input.path, "-c", "freq id"]) }
        #expect(measured.run.status == 0, "\(measured.run.stderr)")
        let lines = measured.run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.split(separator: " ") == ["20", "152", "8", "0.00"] })
        #expect(lines.contains { $0.hasPrefix("rows 1–20 of 137,500") })
        #expect(
            measured.peakResidentBytes < size,
            "peak \(measured.peakResidentBytes >> 20) MiB for a file of \(size >> 20) MiB")
    }

    /// A filter typed in a session finds its rows (one in ten, all over the file), then the
    /// screen measures them and `stats` reads them: each pass over them lets the pages behind go.
    @Test func aSessionsFilterOverALargeFileDoesNotHoldTheFile() async throws {
        // Long rows, so that the file (200 MB) dwarfs what the program holds of its own.
        let output = try await Self.runOnLargeTicks(["-c", "/台積電; stats"], noteLength: 160, peakShare: 0.5)
        #expect(output.contains { $0.hasPrefix("rows 1–20 of 110,000 · filter \"台積電\"") })
        // The stats row of the prices: 977 different values among the rows found.
        #expect(output.contains { $0.split(separator: " ").prefix(5) == ["4", "收盤價", "decimal", "0", "977"] })
    }

    /// The rows a filter found, sorted: their order jumps about the file, but the screen
    /// measures their widths in file order, letting the pages behind go.
    @Test func aSortedFilterOverALargeFileDoesNotHoldTheFile() async throws {
        let output = try await Self.runOnLargeTicks(["-c", "/台積電; sort 收盤價 desc"], noteLength: 160, peakShare: 0.5)
        // The greatest price among the rows found, in its first row (2,930).
        #expect(output.contains { $0.split(separator: " ").prefix(5) == ["1", "2025/06/28", "4030", "台積電", "976.25"] })
    }

    /// Exports ``largeTicks(in:fullWidthEvery:)`` as CSV with `arguments` (as
    /// ``runOnLargeTicks(_:fullWidthEvery:)``) and gives the number of lines written.
    private static func exportLargeTicks(_ arguments: [String], fullWidthEvery: Int = .max) async throws -> Int {
        try await runOnLargeTicks(arguments + ["--format", "csv"], fullWidthEvery: fullWidthEvery).count
    }

    /// Runs `browse` over ``largeTicks(in:fullWidthEvery:noteLength:)`` with `arguments`,
    /// expects the run to succeed with a peak below `peakShare` of the file's size, and gives
    /// the lines it wrote.
    private static func runOnLargeTicks(
        _ arguments: [String], fullWidthEvery: Int = .max, noteLength: Int = 40, peakShare: Double = 1
    ) async throws -> [Substring] {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (input, size) = try largeTicks(in: folder, fullWidthEvery: fullWidthEvery, noteLength: noteLength)
        let measured = try await blocking { try Browse.runMeasuringMemory([input] + arguments) }
        #expect(measured.run.status == 0, "\(measured.run.stderr)")
        #expect(
            Double(measured.peakResidentBytes) < Double(size) * peakShare,
            "peak \(measured.peakResidentBytes >> 20) MiB for a file of \(size >> 20) MiB")
        return measured.run.stdout.split(separator: "\n")
    }

    /// An 80 MB file of ticks (with notes of 40 letters): large enough that its mapped pages are
    /// let go after each stretch.
    ///
    /// - Parameters:
    ///   - fullWidthEvery: One row in this many has its note in full-width letters.
    ///   - noteLength: The letters of the other notes.
    private static func largeTicks(
        in folder: URL, fullWidthEvery: Int = .max, noteLength: Int = 40
    ) throws -> (path: String, size: Int) {
        let input = folder.appendingPathComponent("ticks.csv")
        var text = "日期,代號,名稱,收盤價,備註\n"
        let plain = String(repeating: "n", count: noteLength)
        let fullWidth = String(repeating: "Ｎ", count: 13) + "n"
        let names = ["台積電", "聯發科", "鴻海", "中華電", "國泰金", "富邦金", "台塑", "統一", "大立光", "日月光"]
        for index in 0..<1_100_000 {
            let note = index % fullWidthEvery == 0 ? fullWidth : plain
            text += "2025/06/\(index % 28 + 10),\(1100 + index % 9000),\(names[index % 10]),\(index % 977).25,\(note)\n"
        }
        let data = Data(text.utf8)
        try data.write(to: input)
        return (input.path, data.count)
    }
}
