import BrowseSupport
import ListKit
import Testing

/// Date-times and times of day read from ISO 8601 text and written back exactly as their source
/// wrote them, ordered as instants when they carry an offset.
@Suite struct DateTimeTests {
    @Test(arguments: [
        "2025-06-02T13:30:00", "2025-06-02 13:30", "2025-06-02T13:30Z", "2025-06-02T13:30:00+08:00",
        "2025-06-02T13:30:05.250-05:00", "2025-06-02 13:30:05.123456789", "2025-06-02T13:30+0800",
        "2025-06-02T13:30+08", "2025-06-02T00:00:00-00:00", "0001-01-01T00:00", "9999-12-31T23:59:59.999999999+14:00",
    ])
    func aDateTimeIsWrittenBackAsItWasWritten(_ text: String) throws {
        let value = try #require(DateTime(iso: text), "\(text) reads")
        #expect(value.description == text)
        #expect(DateTime(iso: "  \(text) ")?.description == text, "spaces around are allowed, and dropped")
    }

    @Test func theDayIsWrittenInItsISOForm() throws {
        #expect(try #require(DateTime(iso: "2025/06/02 13:30")).description == "2025-06-02 13:30")
    }

    @Test(arguments: [
        "", "2025-06-02", "20250602T1330", "2025-06-02T", "2025-06-02T13", "2025-06-02T1330", "2025-06-02T13:3",
        "2025-06-02T24:00", "2025-06-02T13:60", "2025-06-02T23:59:60", "2025-06-02T13:30:5", "2025-06-02T13:30:05.",
        "2025-06-02T13:30:05.1234567890", "2025-06-02  13:30", "2025-06-02t13:30", "2025-06-02T13:30 Z",
        "2025-06-02T13:30+8:00", "2025-06-02T13:30+24:00", "2025-06-02T13:30+08:60", "2025-06-02T13:30+08:0",
        "2025-06-02T13:30z", "2025-06-02T13:30Z+08:00", "2025-02-30T13:30", "2025-06-02T13:30 x", "13:30",
        "2025-06-02T09:30AM",
    ])
    func whatIsNotAnISODateTimeIsRefused(_ text: String) {
        #expect(DateTime(iso: text) == nil, "\(text)")
    }

    @Test(arguments: ["13:30", "00:00", "23:59:59", "13:30:05", "13:30:05.250", "13:30:05.000000001"])
    func aTimeIsWrittenBackAtItsOwnPrecision(_ text: String) throws {
        #expect(try #require(TimeOfDay(iso: text)).description == text)
    }

    @Test(arguments: [
        "", "9:30", "13", "1330", "13:3", "13:30:", "24:00", "13:60", "23:59:60", "13:30:05.", "13:30.5",
        "13:30:05.1234567890", "13:30Z", "13:30+08:00", "-13:30", "13 :30", "13:30 05",
    ])
    func whatIsNotATimeIsRefused(_ text: String) {
        #expect(TimeOfDay(iso: text) == nil, "\(text)")
    }

    @Test func timesEqualAtAnyPrecisionAndOrderByTheClock() throws {
        let half = try #require(TimeOfDay(iso: "13:30"))
        #expect(half == TimeOfDay(iso: "13:30:00.000"))
        #expect(Set([half, try #require(TimeOfDay(iso: "13:30:00"))]).count == 1, "equal times hash alike")
        let sorted = ["23:00", "09:05:01", "09:05", "13:30:00.5", "13:30"].compactMap { TimeOfDay(iso: $0) }.sorted()
        #expect(sorted.map(\.description) == ["09:05", "09:05:01", "13:30", "13:30:00.5", "23:00"])
    }

    @Test func dateTimesWithOffsetsCompareAsInstants() throws {
        let taipei = try #require(DateTime(iso: "2025-06-02T13:30+08:00"))
        let utc = try #require(DateTime(iso: "2025-06-02T05:30:00Z"))
        #expect(taipei == utc, "the same instant")
        #expect(Set([taipei, utc]).count == 1)
        let newYork = try #require(DateTime(iso: "2025-06-02T01:31-04:00"))
        #expect(taipei < newYork, "05:30Z comes before 05:31Z, though its clock reads later")
        #expect(!taipei.isClockReading(before: newYork) && newYork.isClockReading(before: taipei))
        let unknownOffset = try #require(DateTime(iso: "2025-06-02T00:00-00:00"))
        #expect(unknownOffset == (try #require(DateTime(iso: "2025-06-02T00:00Z"))))
    }

    @Test func dateTimesWithoutAnOffsetCompareAsUTCReadings() throws {
        let values = [
            "2025-06-02 05:30:30", "2025-06-02T13:30+08:00", "2025-06-01T23:00", "2025-06-02T06:00Z",
            "2025-06-02 05:30:00.5",
        ].compactMap { DateTime(iso: $0) }
        #expect(
            values.sorted().map(\.description) == [
                "2025-06-01T23:00", "2025-06-02T13:30+08:00", "2025-06-02 05:30:00.5", "2025-06-02 05:30:30",
                "2025-06-02T06:00Z",
            ])
        let reading = try #require(DateTime(iso: "2025-06-02T05:30"))
        #expect(reading == (try #require(DateTime(iso: "2025-06-02T05:30:00Z"))))
        #expect(try #require(DateTime(iso: "1969-12-31T23:59:59Z")).secondsSince1970 == -1)
        #expect(try #require(DateTime(iso: "2025-06-02T13:30:05.25+08:00")).secondsSince1970 == 1_748_842_205)
    }

    @Test func offsetsKeepTheirSpelling() throws {
        for text in ["Z", "+08:00", "+0800", "+08", "-05:30", "-00:00"] {
            #expect(try #require(UTCOffset(iso: text)).description == text)
        }
        #expect(UTCOffset(iso: "+08:00")?.minutes == 480)
        #expect(UTCOffset(iso: "-05:30")?.minutes == -330)
        #expect(UTCOffset(minutes: 90, style: .hours) == nil, "+08 cannot say 01:30")
        #expect(UTCOffset(minutes: 1_440) == nil)
    }

    @Test func aTimeAndADayGiveBackTheirParts() throws {
        let time = try #require(TimeOfDay(hour: 23, minute: 59, second: 59, nanosecond: 999_999_999))
        #expect([time.hour, time.minute, time.second, time.nanosecond] == [23, 59, 59, 999_999_999])
        #expect(time.precision == .fraction(digits: 9) && time.secondOfDay == 86_399)
        #expect(TimeOfDay(hour: 9, minute: 5)?.precision == .minutes)
        #expect(TimeOfDay(hour: 9, minute: 5, second: 1)?.precision == .seconds)
        let day = try #require(CalendarDate(year: 9999, month: 12, day: 31))
        #expect([day.year, day.month, day.day] == [9999, 12, 31])
        #expect(CalendarDate(year: 1, month: 1, day: 1)! < day)
        #expect(try #require(UTCOffset(minutes: -1_439)).minutes == -1_439)
    }

    /// A value sits in every cell, sort key and count of a column of millions of rows: a
    /// date-time held in 83 bytes made every cell value 88 bytes, three times what it needs.
    @Test func valuesStaySmall() {
        #expect(MemoryLayout<DateTime>.size <= 24)
        #expect(MemoryLayout<CellValue>.stride <= 24)
        #expect(MemoryLayout<PieceValue>.stride <= 24)
        #expect(MemoryLayout<Cell>.stride <= 64)
    }
}
