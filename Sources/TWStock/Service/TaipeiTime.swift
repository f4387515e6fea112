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
        return civilDate(fromDays: days)
    }

    /// The instant of `hour`:00 Taipei time on `day`.
    package static func instant(_ day: CalendarDate, hour: Int) -> Date {
        let days = daysFromCivil(day)
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour) * 3600 - offset)
    }

    /// The next Monday–Friday after `day`.
    package static func nextWeekday(after day: CalendarDate) -> CalendarDate {
        var days = daysFromCivil(day) + 1
        // 1970-01-01 was a Thursday: weekday index 0 = Thursday.
        while [2, 3].contains(((days % 7) + 7) % 7) { days += 1 }
        return civilDate(fromDays: days)
    }

    /// The day before `day`.
    package static func previousDay(_ day: CalendarDate) -> CalendarDate {
        civilDate(fromDays: daysFromCivil(day) - 1)
    }

    // Howard Hinnant's days-from-civil algorithms: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(_ date: CalendarDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let month = date.month
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(fromDays days: Int) -> CalendarDate {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return CalendarDate(clamping: year, month: month, day: day)
    }
}
