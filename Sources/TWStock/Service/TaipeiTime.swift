import BrowseSupport
import Foundation
import ListKit

/// Taipei wall-clock time. Taiwan keeps UTC+8 all year (no daylight saving), so a fixed
/// offset is exact and needs no time-zone database.
package enum TaipeiTime {
    static let offset: TimeInterval = 8 * 3600

    /// The Taipei calendar day of an instant.
    package static func day(of instant: Date) -> CalendarDate {
        let seconds = Int((instant.timeIntervalSince1970 + offset).rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return CalendarDate(dayNumber: days)
    }

    /// The instant of `hour`:00 Taipei time on `day`.
    package static func instant(_ day: CalendarDate, hour: Int) -> Date {
        let days = day.dayNumber
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour) * 3600 - offset)
    }

    /// The next Monday–Friday after `day`.
    package static func nextWeekday(after day: CalendarDate) -> CalendarDate {
        var days = day.dayNumber + 1
        // 1970-01-01 was a Thursday: weekday index 0 = Thursday.
        while [2, 3].contains(((days % 7) + 7) % 7) { days += 1 }
        return CalendarDate(dayNumber: days)
    }

    /// The day before `day`.
    package static func previousDay(_ day: CalendarDate) -> CalendarDate {
        CalendarDate(dayNumber: day.dayNumber - 1)
    }
}
