import BrowseSupport
import Foundation
import LineMode
import ListKit
import Testing

/// Charts of known series at widths 40, 80 and 160, in braille and in ASCII, compared with
/// snapshot files (re-recorded with `BROWSE_RECORD_SNAPSHOTS=1`), and the promises every chart
/// keeps: it fits the width, its labels never overlap and never cut a number, a missing value
/// leaves a gap.
@Suite struct ChartTests {
    static let series: [(name: String, ys: [Double?], scale: Int)] = [
        ("straight", (0..<50).map { Double($0) }, 0),
        ("step", (0..<40).map { $0 < 20 ? 10 : 30 }, 2),
        ("gap", (0..<40).map { $0 >= 15 && $0 < 25 ? nil : Double($0 % 10) }, 0),
        ("single", [1_234.5], 1),
        ("equal", Array(repeating: 42, count: 30), 2),
        ("negative", (0..<60).map { sin(Double($0) / 6) * 1_000 - 500 }, 2),
    ]

    static func data(_ ys: [Double?], scale: Int, dates: Bool = false) -> ChartData {
        let x = dates ? Column("date", kind: .date) : nil
        let xs = ys.indices.map {
            dates ? Double(CalendarDate(clamping: 2024, month: 1, day: 1).dayNumber + $0 * 9) : Double($0 + 1)
        }
        return ChartData(
            request: ChartRequest(y: Column("value", kind: .decimal), x: x), source: "test", xs: xs, ys: ys, bars: nil,
            yScale: scale, barScale: 0)
    }

    static func render(_ data: ChartData, width: Int, ascii: Bool) -> [String] {
        ChartRenderer(width: width, height: 8, ascii: ascii, style: TextStyle(enabled: false)).lines(data)
    }

    @Test(arguments: series.map(\.name))
    func knownSeriesMatchTheirSnapshots(_ name: String) throws {
        let entry = try #require(Self.series.first { $0.name == name })
        var text = ""
        for ascii in [false, true] {
            for width in [40, 80, 160] {
                let lines = Self.render(Self.data(entry.ys, scale: entry.scale), width: width, ascii: ascii)
                text +=
                    "## \(name) · width \(width) · \(ascii ? "ascii" : "braille")\n" + lines.joined(separator: "\n")
                    + "\n"
                for line in lines { #expect(DisplayWidth.of(line) <= width, "\(name) at \(width): \(line)") }
            }
        }
        try ChartSnapshot.assert(text, named: "chart-\(name)")
    }

    @Test(arguments: [40, 80, 160])
    func labelsNeverOverlapAndNeverCutANumber(_ width: Int) {
        let ys: [Double?] = (0..<300).map { Double($0 * $0) * 12.5 + 1_000_000 }
        for dates in [false, true] {
            let lines = Self.render(Self.data(ys, scale: 2, dates: dates), width: width, ascii: false)
            // The top and bottom labels are the whole maximum and minimum in the column's format.
            #expect(lines.first?.hasPrefix("2,117,512.50 ┤") == true, "\(lines.first ?? "")")
            #expect(lines[7].hasPrefix("1,000,000.00 ┤"), "\(lines[7])")
            let labelled = lines.prefix(8).filter { $0.contains("┤") }
            #expect(labelled.count >= 2)
            let axisLabels = lines.last ?? ""
            let words = axisLabels.split(separator: " ")
            for (index, word) in words.enumerated() {
                if dates {
                    // The ends are whole dates, the ticks between them months.
                    let length = index == 0 || index == words.count - 1 ? 10 : 7
                    #expect(word.count == length && word.dropFirst(4).hasPrefix("-"), "yyyy-mm(-dd): \(word)")
                } else {
                    #expect(word.allSatisfy { $0.isNumber || $0 == "," }, "a whole number: \(word)")
                }
            }
            #expect(!axisLabels.contains("…"))
        }
    }

    @Test func aMissingValueLeavesAGapNeverAZero() {
        let ys: [Double?] = [5, 5, 5, nil, nil, nil, 5, 5, 5]
        let lines = Self.render(Self.data(ys, scale: 0), width: 40, ascii: true)
        // The plot is what follows the axis on each of the eight rows.
        let plot = lines.prefix(8).map { String($0.drop { $0 != "|" && $0 != "+" }.dropFirst()) }
        #expect(!plot.joined().contains("|"), "no drop towards zero where values are missing:\n\(plot)")
        let row = plot.first { $0.contains("*") } ?? ""
        #expect(row.contains("* ") && row.trimmingCharacters(in: .whitespaces).contains(" "), "a gap: \(row)")
    }

    @Test func yearsWithoutRowsAreAGapNotALine() {
        // A month of daily closes at 10, then nothing for four years, then a month at 20.
        let start = CalendarDate(clamping: 2021, month: 7, day: 1).dayNumber
        let xs = (0..<20).map { Double(start + $0) } + (0..<20).map { Double(start + 1_460 + $0) }
        let ys: [Double?] = Array(repeating: 10, count: 20) + Array(repeating: 20, count: 20)
        let data = ChartData(
            request: ChartRequest(y: Column("close", kind: .decimal), x: Column("date", kind: .date)), source: "test",
            xs: xs, ys: ys, bars: nil, yScale: 0, barScale: 0)
        let lines = Self.render(data, width: 60, ascii: true)
        let plot = lines.prefix(8).map { String($0.drop { $0 != "|" && $0 != "+" }.dropFirst()) }
        // Only the top and bottom rows have dots: nothing climbs between the two months.
        #expect(plot.dropFirst().dropLast().allSatisfy { !$0.contains("*") }, "\(plot)")
        #expect(plot.first?.contains("*") == true && plot.last?.contains("*") == true)
    }

    /// Closes by date, at the days `xs` (day numbers).
    static func closes(on xs: [Double], _ ys: [Double?]) -> ChartData {
        ChartData(
            request: ChartRequest(y: Column("close", kind: .decimal), x: Column("date", kind: .date)), source: "test",
            xs: xs, ys: ys, bars: nil, yScale: 0, barScale: 0)
    }

    /// The labels under a dated chart's axis at `width`, each once, the first and last as given.
    static func axisWords(_ data: ChartData, width: Int, first: String, last: String) -> [String] {
        let line = TimeAxisTests.axisLabels(data, width: width)
        let words = line.split(separator: " ").map(String.init)
        #expect(words.first == first && words.last == last, "\(line)")
        #expect(Set(words).count == words.count, "no label twice: \(line)")
        return words
    }

    @Test func aMonthIsLabelledWithDaysNotTheSameMonthTwice() {
        let ys: [Double?] = (0..<21).map { Double($0 % 5) }
        let start = CalendarDate(clamping: 2025, month: 6, day: 2).dayNumber
        let data = Self.closes(on: ys.indices.map { Double(start + $0 + $0 / 5 * 2) }, ys)
        for width in [40, 80, 160] {
            let words = Self.axisWords(data, width: width, first: "2025-06-02", last: "2025-06-30")
            for word in words.dropFirst().dropLast() {
                #expect(word.count == 5 && word.hasPrefix("06-"), "a day of June: \(word)")
            }
            if width >= 80 { #expect(words.count >= 4, "days between the ends: \(words)") }
        }
    }

    /// A span of months, as a company's drill shows: the ends are the first and last days,
    /// the ticks between them months, and no label is given twice (the last month's tick and
    /// the last day both read `2025-06` before).
    @Test func monthsAreLabelledOnceAndTheEndsWithTheirDays() {
        let start = CalendarDate(clamping: 2025, month: 3, day: 4).dayNumber
        let end = CalendarDate(clamping: 2025, month: 6, day: 30).dayNumber
        let xs = stride(from: start, through: end, by: 3).map(Double.init) + [Double(end)]
        let data = Self.closes(on: xs, xs.map { $0.truncatingRemainder(dividingBy: 7) })
        for width in [40, 80, 160] {
            let words = Self.axisWords(data, width: width, first: "2025-03-04", last: "2025-06-30")
            for word in words.dropFirst().dropLast() {
                #expect(["2025-04", "2025-05", "2025-06"].contains(word), "a month between the ends: \(word)")
            }
            if width >= 80 { #expect(words.count >= 4, "months between the ends: \(words)") }
        }
    }

    /// Bars are labelled in the line's label column with their name and greatest value: the
    /// column widens to the wider of them, on every line, and the plot narrows to fit.
    @Test(arguments: [40, 80, 160])
    func barLabelsWidenTheLabelColumnOfEveryLine(_ width: Int) {
        let ys: [Double?] = (0..<60).map { Double($0 % 7) }
        let bars: [Double?] = (0..<60).map { Double($0 * 20_000) }
        let data = ChartData(
            request: ChartRequest(y: Column("close", kind: .decimal), bars: Column("成交股數張數", kind: .integer)),
            source: "test", xs: ys.indices.map { Double($0 + 1) }, ys: ys, bars: bars, yScale: 0, barScale: 0)
        let lines = Self.render(data, width: width, ascii: false)
        // The name, six wide characters, is 12 cells: wider than "1,180,000" and every y label.
        let labelWidth = 12
        #expect(lines.last?.hasPrefix("成交股數張數 │") == true, "\(lines.last ?? "")")
        #expect(
            lines.contains { $0.hasPrefix("   1,180,000 │") }, "the greatest bar:\n\(lines.joined(separator: "\n"))")
        for line in lines.prefix(8) {
            let axis = line.firstIndex { $0 == "┤" || $0 == "│" }
            #expect(axis.map { DisplayWidth.of(String(line[..<$0])) } == labelWidth + 1, "\(line)")
        }
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        // The plot fills what the labels leave: its widest line reaches the last column.
        #expect(lines.prefix(8).map { DisplayWidth.of($0) }.max() == width, "\(lines.joined(separator: "\n"))")
    }

    @Test func aChartWithNothingToDrawSaysSo() {
        let lines = Self.render(Self.data([nil, nil], scale: 0), width: 40, ascii: false)
        #expect(lines == ["nothing to draw: no row of the view has a value in value"])
    }
}

/// Compares text with `Tests/LineModeTests/Snapshots/NAME.txt`; `BROWSE_RECORD_SNAPSHOTS=1`
/// writes it instead.
enum ChartSnapshot {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no snapshot \(name).txt; run with BROWSE_RECORD_SNAPSHOTS=1 to record it" }
    }

    static func assert(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/\(name).txt")
        if ProcessInfo.processInfo.environment["BROWSE_RECORD_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else { throw Missing(name: name) }
        #expect(actual == expected, "chart differs from \(name).txt", sourceLocation: sourceLocation)
    }
}
