import FileDatasets
import Foundation

// The exporter, the analyses and the chart renderer are the package's own: the benchmarks are
// built with `-enable-testing` (Benchmarks/files.sh) to reach them.
@testable import LineMode
@testable import ListKit

// Times the steps of a session over one file, in process: loading (read and index), the first
// page, filters of each kind, sorts (first and cached), and exporting a filtered view.
// Usage: file-bench FILE [REPETITIONS]

/// A sink that only counts, so exporting measures the exporter and not the disk.
@MainActor
final class CountingSink: TextSink {
    var bytes = 0
    func write(_ text: String) throws(OutputError) { bytes += text.utf8.count }
    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) { self.bytes += bytes.count }
    func flush() throws(OutputError) {}
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// CPU time of the whole process, all threads: less disturbed than wall time by other work on
/// a busy machine.
func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// Wall and CPU milliseconds of the median run.
struct Timing {
    var wall: Double
    var cpu: Double
}

/// The fastest wall time seen by `median` since it was last reset.
@MainActor
enum Fastest {
    static var wall = Double.infinity
}

@MainActor
func median(_ repetitions: Int, setUp: () -> Void = {}, _ work: () throws -> Void) rethrows -> Timing {
    let clock = ContinuousClock()
    var times: [Timing] = []
    for _ in 0..<repetitions {
        setUp()
        let cpu = processCPUTime()
        let start = clock.now
        try work()
        times.append(Timing(wall: milliseconds(clock.now - start), cpu: processCPUTime() - cpu))
        Fastest.wall = min(Fastest.wall, times[times.count - 1].wall)
    }
    times.sort { $0.wall < $1.wall }
    return times[times.count / 2]
}

@MainActor
func run() async throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let path = arguments.first else {
        FileHandle.standardError.write(Data("usage: file-bench FILE [REPETITIONS]\n".utf8))
        exit(2)
    }
    let repetitions = arguments.count > 1 ? Int(arguments[1]) ?? 9 : 9
    // A third argument names one step to repeat, for profiling: cells, export or filter.
    let only = arguments.count > 2 ? arguments[2] : nil
    let context = DatasetContext(
        cacheDirectory: FileManager.default.temporaryDirectory,
        program: ProgramIdentity(
            name: "file-bench", version: "1.0.0", summary: "times a file's load, filter and export"))
    let clock = ContinuousClock()

    var loadTimes: [Timing] = []
    var screen: GenericListController<FileRow, ColumnsRow>?
    for _ in 0..<3 {
        let opened = try FileOpener().screen(for: path, context: context)
        let cpu = processCPUTime()
        let start = clock.now
        await opened.load(force: false, progress: ProgressReporter())
        loadTimes.append(Timing(wall: milliseconds(clock.now - start), cpu: processCPUTime() - cpu))
        screen = opened
    }
    guard let list = screen, list.state == .loaded else {
        FileHandle.standardError.write(Data("file-bench: \(path) did not load\n".utf8))
        exit(1)
    }
    loadTimes.sort { $0.wall < $1.wall }
    var results: [(String, Timing, Int)] = [("load: read and index (median of 3)", loadTimes[1], list.count)]
    if only == "load" {
        var times: [Double] = []
        for _ in 0..<repetitions {
            let opened = try FileOpener().screen(for: path, context: context)
            let start = clock.now
            await opened.load(force: false, progress: ProgressReporter())
            times.append(milliseconds(clock.now - start))
        }
        times.sort()
        print(
            "load: median \(String(format: "%.1f", times[times.count / 2])) ms; fastest \(String(format: "%.1f", times[0])) ms"
        )
        return
    }
    if only == "sort" {
        // The sorts alone, for a file too large for the whole table of steps.
        let first = median(1) { try? list.applySort(SortOrder(column: "收盤價", descending: true)) }
        let again = median(repetitions) { try? list.applySort(SortOrder(column: "收盤價", descending: true)) }
        print(
            "sort 收盤價 desc: first \(String(format: "%.1f", first.wall)) ms, "
                + "cached \(String(format: "%.1f", again.wall)) ms wall (\(list.count) rows)")
        return
    }
    if let only {
        try list.applyFilter("台積電")
        let sink = CountingSink()
        Fastest.wall = .infinity
        let time = try median(repetitions) {
            switch only {
            case "none": break
            case "cells": list.forEachRow { _ in }
            case "values":
                let columns = list.columnNames
                list.forEachRow { cells in
                    precondition(cells.count == columns.count)
                    _ = cells.map(\.cell.value)
                }
            case "texts":
                list.forEachRow { cells in
                    for cell in cells { _ = cell.cell.value.exportText }
                }
            case "rows":
                let columns = list.columnNames
                var exporter = TableExporter(format: .csv, columns: columns) { (_: String) in }
                try list.forEachRow { cells in
                    try exporter.row(cells.map(\.cell.value))
                }
            case "export": try ViewExporter.export(list, format: .csv) { text in try sink.write(text) }
            default:
                try list.applyFilter("")
                try list.applyFilter("台積電")
            }
        }
        print(
            "\(only): median \(String(format: "%.1f", time.wall)) ms wall, \(String(format: "%.1f", time.cpu)) ms CPU; "
                + "fastest \(String(format: "%.1f", Fastest.wall)) ms")
        return
    }
    results.append(("first page: 20 rows of cells", median(repetitions) { _ = list.rows(in: 0..<20) }, 20))

    for query in ["台積電", "ａ股", "1110", "ky 開曼", "nothing-like-this"] {
        let time = try median(repetitions, setUp: { try? list.applyFilter("") }, { try list.applyFilter(query) })
        results.append(("filter \"\(query)\"", time, list.count))
    }
    try list.applyFilter("")
    let firstSort = median(1) { try? list.applySort(SortOrder(column: "收盤價", descending: true)) }
    results.append(("sort 收盤價 desc, first time (keys computed)", firstSort, list.count))
    let againSort = median(repetitions) { try? list.applySort(SortOrder(column: "收盤價", descending: false)) }
    results.append(("sort 收盤價 again (keys cached)", againSort, list.count))
    let descendingSort = median(repetitions) { try? list.applySort(SortOrder(column: "收盤價", descending: true)) }
    results.append(("sort 收盤價 desc again (keys cached)", descendingSort, list.count))
    let textSort = median(1) { try? list.applySort(SortOrder(column: "證券名稱")) }
    results.append(("sort 證券名稱 (text), first time", textSort, list.count))
    try list.applySort(nil)

    // The typed questions: a numeric where, the distinct values of a text column, every column's summary.
    let condition = try WhereParser.parse("收盤價 > 500", columns: list.columns)
    let whereTime = try median(repetitions, setUp: { try? list.applyWhere(nil) }, { try list.applyWhere(condition) })
    results.append(("where 收盤價 > 500", whereTime, list.count))
    try list.applyWhere(nil)
    let names = try list.column(named: "證券名稱")
    var distinct = 0
    let freq = try median(3) { distinct = try ColumnAnalysis.frequencies(of: names, in: list).count }
    results.append(("freq 證券名稱 (distinct values)", freq, distinct))
    let stats = try median(3) { _ = try ColumnAnalysis.statistics(of: list) }
    results.append(("stats (every column)", stats, list.count))

    // chart: the points read from the view, then drawn at 160 columns.
    let closes = try list.column(named: "收盤價")
    let dates = try list.column(named: "日期")
    var points: ChartData?
    let chartData = try median(repetitions) {
        points = try ChartData.make(from: list, request: ChartRequest(y: closes))
    }
    results.append(("chart 收盤價: read the points", chartData, points?.count ?? 0))
    let renderer = ChartRenderer(width: 160, height: 20, ascii: false, style: TextStyle(enabled: false))
    if let points {
        results.append(
            ("chart 收盤價: draw at 160 columns", median(repetitions) { _ = renderer.lines(points) }, points.count))
    }
    let byDate = try median(3) {
        points = try ChartData.make(from: list, request: ChartRequest(y: closes, x: dates))
        if let points { _ = renderer.lines(points) }
    }
    results.append(("chart 收盤價 by 日期: read and draw", byDate, points?.count ?? 0))

    // The whole view, as `browse FILE --format csv` exports it, without the disk.
    let sink = CountingSink()
    for format in [ExportFormat.csv, .json] {
        let whole = try median(3) {
            try ViewExporter.export(list, format: format) { (bytes: UnsafeRawBufferPointer) in
                try sink.write(bytes: bytes)
            }
        }
        results.append(("export \(format.rawValue) of the whole view", whole, list.count))
    }

    try list.applyFilter("台積電")
    let export = try median(3) {
        try ViewExporter.export(list, format: .csv) { text in try sink.write(text) }
    }
    results.append(("export csv of the 台積電 view", export, list.count))
    let configure = median(3) { list.forEachRow { _ in } }
    results.append(("  of which making the rows' cells", configure, list.count))

    print("| step | median wall | its CPU time | rows |")
    print("|---|---:|---:|---:|")
    for (name, time, rows) in results {
        print(
            "| \(name) | \(String(format: "%.1f", time.wall)) ms | \(String(format: "%.1f", time.cpu)) ms | \(rows) |")
    }
}

try await run()
