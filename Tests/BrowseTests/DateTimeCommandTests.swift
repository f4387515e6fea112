import Foundation
import Testing

/// A file of timestamped readings through the built binary: the timestamps are typed, so
/// `sort`, `where`, `chart … by time`, `stats` and exports treat them as instants and write
/// them exactly as the file did.
@Suite struct DateTimeCommandTests {
    /// Hourly-style readings: offsets, one instant written in UTC, a fraction of a second, a
    /// missing temperature, and a time-of-day column.
    static let readings = """
        time,clock,temperature
        2025-06-02T09:00:00+08:00,09:00,24.5
        2025-06-02T13:30:00+08:00,13:30,30.25
        2025-06-02T05:00:00Z,13:00:00,29.0
        2025-06-02T18:00:00+08:00,18:00,--
        2025-06-02T00:00:00.5+08:00,00:00:00.5,19.75

        """

    @Test func sortAndWhereTreatTimestampsAsInstantsAndExportThemAsWritten() throws {
        let folder = try ScratchFolder("datetime")
        let path = try folder.write("readings.csv", Self.readings)
        let sorted = try Browse.run([path, "--format", "csv", "--sort", "time:desc"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(
            sorted.stdout == """
                time,clock,temperature
                2025-06-02T18:00:00+08:00,18:00,--
                2025-06-02T13:30:00+08:00,13:30,30.25
                2025-06-02T05:00:00Z,13:00:00,29.0
                2025-06-02T09:00:00+08:00,09:00,24.5
                2025-06-02T00:00:00.5+08:00,00:00:00.5,19.75

                """, "05:00Z is 13:00 in Taipei, between 13:30 and 09:00")

        // Without an offset, the clock as shown; with one, the instant.
        let shown = try Browse.run([path, "--format", "csv", "--where", "time >= 2025-06-02T12:00"])
        #expect(
            shown.stdout.split(separator: "\n").map { String($0.prefix(25)) }.dropFirst() == [
                "2025-06-02T13:30:00+08:00", "2025-06-02T18:00:00+08:00",
            ])
        let instants = try Browse.run([
            path, "--format", "json", "--where", "time >= 2025-06-02T12:00+08:00 and clock >= 13:00",
        ])
        #expect(instants.status == 0, "\(instants.stderr)")
        #expect(
            instants.stdout == """
                [
                  {"time": "2025-06-02T13:30:00+08:00", "clock": "13:30", "temperature": 30.25},
                  {"time": "2025-06-02T05:00:00Z", "clock": "13:00:00", "temperature": 29.0},
                  {"time": "2025-06-02T18:00:00+08:00", "clock": "18:00", "temperature": "--"}
                ]

                """)
        let refused = try Browse.run([path, "--format", "csv", "--where", "time > noon"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "browse: time holds dates and times; give yyyy-mm-ddThh:mm (or a day, yyyy-mm-dd), not noon "
                + "(at character 8)\n")
    }

    @Test func aChartByTimePlotsTheReadingsAndExportsItsPointsExactly() throws {
        let folder = try ScratchFolder("datetime")
        let path = try folder.write("readings.csv", Self.readings)
        let run = try Browse.run([
            path, "--width", "80", "-c", "where time >= 2025-06-02T12:00+08:00; chart temperature by time; export csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let screens = run.stdout.components(separatedBy: "\n> ")
        let chart = try #require(screens.dropFirst(2).first)
        #expect(chart.contains("readings.csv › chart temperature"), "\(chart)")
        #expect(
            chart.contains("temperature by time · readings.csv · 3 rows · 29.00 – 30.25"), "\(chart)")
        #expect(chart.contains("2025-06-02T05:00:00Z – 2025-06-02T18:00:00+08:00"), "the ends as the file wrote them")
        #expect(chart.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
        let axis = try #require(chart.split(separator: "\n").first { $0.contains("2025-06-02 13:00") })
        #expect(axis.hasSuffix("2025-06-02 18:00"), "read on the file's +08:00 clock: \(axis)")
        #expect(
            screens.dropFirst(3).first?.hasPrefix(
                """
                export csv
                time,temperature
                2025-06-02T05:00:00Z,29.0
                2025-06-02T13:30:00+08:00,30.25
                2025-06-02T18:00:00+08:00,

                """) == true, "\(screens.dropFirst(3).first ?? "")")
    }

    @Test(arguments: [80, 160])
    func statsGiveTheEarliestAndLatestReadingWhole(_ width: Int) throws {
        let folder = try ScratchFolder("datetime")
        let path = try folder.write("readings.csv", Self.readings)
        let run = try Browse.run([path, "--width", "\(width)", "-c", "stats"])
        #expect(run.status == 0, "\(run.stderr)")
        let stats = run.stdout.components(separatedBy: "\n> ").last ?? ""
        let time = try #require(stats.split(separator: "\n").first { $0.contains(" time ") })
        #expect(
            time.contains("2025-06-02T00:00:00.5+08:00  2025-06-02T18:00:00+08:00"),
            "the first and the last reading, never cut: \(stats)")
        let clock = try #require(stats.split(separator: "\n").first { $0.contains(" clock ") })
        #expect(clock.split(separator: " ").suffix(2) == ["00:00:00.5", "18:00"], "\(stats)")
        if width == 160 {
            #expect(time.split(separator: " ").prefix(5) == ["1", "time", "datetime", "0", "5"], "\(stats)")
        }
    }
}
