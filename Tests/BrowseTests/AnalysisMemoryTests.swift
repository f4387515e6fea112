import Foundation
import Testing

/// `freq` and `chart` under a memory limit: like `sort`, they ask for the memory they will need
/// before they make anything, and refuse with one line ("not enough memory to … (it needs
/// about …)") rather than end the program when an allocation fails. Each runs under a range of
/// limits (`ulimit -v`, in kilobytes), since what a run already holds differs a little from one
/// machine to another: at none may a signal end it, and at some the refusal is what stops it.
@Suite struct AnalysisMemoryTests {
    /// Runs `browse arguments` under `ulimit -v limit`; the status, or `nil` when a signal ended it.
    static func run(_ arguments: [String], limit: Int) throws -> (status: Int32?, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(limit) && exec \"$0\" \"$@\"", Browse.executable.path] + arguments
        process.environment = Browse.environment()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let collected = ErrorCollector(errors.fileHandleForReading)
        process.waitUntilExit()
        let stderr = String(decoding: collected.finish(), as: UTF8.self)
        return (process.terminationReason == .exit ? process.terminationStatus : nil, stderr)
    }

    /// Every run ends with 0, or with 1 and a line saying there was not enough memory; the lines
    /// of the runs that were refused.
    static func sweep(_ arguments: [String], limits: [Int]) throws -> [String] {
        var refusals: [String] = []
        for limit in limits {
            let run = try Self.run(arguments, limit: limit)
            #expect(run.status != nil, "ulimit -v \(limit): ended by a signal: \(run.stderr.prefix(300))")
            #expect(run.status == 0 || run.status == 1, "ulimit -v \(limit): \(run.stderr.prefix(300))")
            if run.status == 1 {
                #expect(run.stderr.contains("not enough memory"), "ulimit -v \(limit): \(run.stderr.prefix(300))")
                refusals.append(run.stderr)
            }
        }
        return refusals
    }

    /// A million different values: their counts, the ordered list and the screen need a few
    /// hundred bytes each.
    @Test func freqOfAMillionDifferentValuesIsRefusedNotAborted() throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ids.csv").path
        try Data(("id\n" + (0..<1_000_000).map { "k\($0)\n" }.joined()).utf8).write(to: URL(fileURLWithPath: path))
        let refusals = try Self.sweep(
            [path, "-c", "freq id"], limits: [250_000, 300_000, 350_000, 400_000, 450_000])
        #expect(
            refusals.contains { $0.contains("not enough memory to count the values of id over 1,000,000 rows") },
            "\(refusals)")
    }

    /// Four million points: a `Double` and an optional one each, made at their final size.
    @Test func aChartOfMillionsOfRowsIsRefusedNotAborted() throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("digits.csv").path
        try Data(("a\n" + (0..<4_000_000).map { "\($0 % 10)\n" }.joined()).utf8).write(to: URL(fileURLWithPath: path))
        let refusals = try Self.sweep(
            [path, "-c", "chart a"], limits: [275_000, 300_000, 325_000, 350_000, 375_000])
        #expect(
            refusals.contains { $0.contains("not enough memory to chart a over 4,000,000 rows") }, "\(refusals)")
    }
}
