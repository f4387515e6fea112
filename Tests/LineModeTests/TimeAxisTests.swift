import BrowseSupport
import LineMode
import ListKit
import Testing

/// A chart by a date-time or time-of-day column labels its axis with clock readings on the
/// data's own clock, at round steps, never cut and never overlapping.
@Suite struct TimeAxisTests {
    /// `count` readings `step` seconds apart from `start`, as `ChartData.make` lays out a
    /// date-time column: instants in seconds since 1970, read on the offset of the data.
    static func readings(from start: String, every step: Int, count: Int) throws -> ChartData {
        let first = try #require(DateTime(iso: start))
        let xs = (0..<count).map { Double(first.secondsSince1970 + Int64($0 * step)) }
        var data = ChartData(
            request: ChartRequest(y: Column("temperature", kind: .decimal), x: Column("time", kind: .dateTime)),
            source: "readings", xs: xs, ys: xs.indices.map { Double($0 % 7) }, bars: nil, yScale: 1, barScale: 0)
        data.xOffset = first.offset
        return data
    }

    static func axisLabels(_ data: ChartData, width: Int) -> String {
        let lines = ChartRenderer(width: width, height: 8, ascii: false, style: TextStyle(enabled: false)).lines(data)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "fits \(width): \(line)") }
        return lines.last ?? ""
    }

    /// The words of an axis line, a date and a clock time read together.
    static func labels(_ line: String) -> [String] {
        var words: [String] = []
        for word in line.split(separator: " ").map(String.init) {
            if word.contains(":"), let last = words.last, last.count == 10, last.dropFirst(4).hasPrefix("-") {
                words[words.count - 1] += " " + word
            } else {
                words.append(word)
            }
        }
        return words
    }

    @Test(arguments: [40, 80, 160])
    func aDayOfHourlyReadingsReadsOnItsOwnClock(_ width: Int) throws {
        let data = try Self.readings(from: "2025-06-02T00:00:00+08:00", every: 3_600, count: 24)
        let words = Self.labels(Self.axisLabels(data, width: width))
        #expect(words.first == "2025-06-02 00:00", "the +08:00 clock, not UTC's 2025-06-01 16:00: \(words)")
        if width >= 80 { #expect(words.last == "2025-06-02 23:00", "\(words)") }
        for word in words.dropFirst().dropLast() {
            #expect(word.count == 5 && word.hasSuffix(":00"), "a round hour, whole: \(word)")
        }
        if width >= 80 { #expect(words.count >= 3, "hours between the ends: \(words)") }
        #expect(Set(words).count == words.count)
    }

    @Test func aMidnightBetweenTwoDaysIsLabelledWithItsDay() throws {
        let data = try Self.readings(from: "2025-06-02T00:00:00Z", every: 3_600, count: 48)
        let words = Self.labels(Self.axisLabels(data, width: 160))
        #expect(words.first == "2025-06-02 00:00" && words.last == "2025-06-03 23:00", "\(words)")
        #expect(words.contains("06-03"), "\(words)")
        #expect(words.contains("12:00"), "\(words)")
    }

    @Test func aMinuteOfReadingsShowsSeconds() throws {
        let data = try Self.readings(from: "2025-06-02 13:30:00", every: 1, count: 61)
        let words = Self.labels(Self.axisLabels(data, width: 80))
        #expect(words.first == "2025-06-02 13:30:00" && words.last == "2025-06-02 13:31:00", "\(words)")
        for word in words.dropFirst().dropLast() {
            #expect(word.count == 8 && word.hasPrefix("13:30:"), "a second of the minute: \(word)")
        }
    }

    @Test func weeksAreLabelledWithDaysAndYearsWithMonths() throws {
        let weeks = try Self.readings(from: "2025-06-02T09:00+08:00", every: 86_400, count: 40)
        let days = Self.labels(Self.axisLabels(weeks, width: 80))
        #expect(days.first == "2025-06-02" && days.last == "2025-07-11", "\(days)")
        for word in days.dropFirst().dropLast() { #expect(word.count == 5 && word.dropFirst(2).hasPrefix("-")) }
        let years = try Self.readings(from: "2023-01-01T00:00Z", every: 86_400 * 7, count: 150)
        let months = Self.labels(Self.axisLabels(years, width: 80))
        // The ends are the first and last days, the ticks between them months.
        #expect(months.first == "2023-01-01" && months.last == "2025-11-09", "\(months)")
        #expect(Set(months).count == months.count, "no label twice: \(months)")
        for word in months.dropFirst().dropLast() {
            #expect(word.count == 7 && word.dropFirst(4).hasPrefix("-"), "a whole yyyy-mm: \(word)")
        }
    }

    @Test func aTimeOfDayAxisReadsAsAClock() throws {
        let xs = (0..<24).map { Double($0 * 3_600 + 1_800) }
        let data = ChartData(
            request: ChartRequest(y: Column("temperature", kind: .decimal), x: Column("hour", kind: .time)),
            source: "readings", xs: xs, ys: xs.map { _ in 1 }, bars: nil, yScale: 0, barScale: 0)
        for width in [40, 80, 160] {
            let words = Self.labels(Self.axisLabels(data, width: width))
            #expect(words.first == "00:30" && words.last == "23:30", "\(words)")
            for word in words.dropFirst().dropLast() { #expect(word.count == 5 && word.hasSuffix(":00"), "\(word)") }
        }
    }
}
