import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

/// When cached exchange data should be fetched again.
///
/// TWSE publishes a trading day's figures in the afternoon (15:00 Taipei is safely after),
/// Monday to Friday. Company lists change slowly and are kept a day.
package enum Freshness {
    /// Company lists: 24 hours.
    package static let companyListLifetime: TimeInterval = 24 * 3600

    /// The first publication time (15:00 Taipei on a weekday) after `instant`.
    package static func nextPublication(after instant: Date) -> Date {
        let today = TaipeiTime.day(of: instant)
        let todayAtThree = TaipeiTime.instant(today, hour: 15)
        if isWeekday(today), instant < todayAtThree { return todayAtThree }
        return TaipeiTime.instant(TaipeiTime.nextWeekday(after: today), hour: 15)
    }

    /// An all-market day stays fresh until 15:00 Taipei of the next weekday after its trading
    /// date — and, so a holiday does not cause a download on every start, until the next
    /// publication after the time it was fetched.
    package static func marketDayIsFresh(tradingDate: CalendarDate, fetchedAt: Date, now: Date) -> Bool {
        let nextDay = TaipeiTime.instant(TaipeiTime.nextWeekday(after: tradingDate), hour: 15)
        return now < nextDay || now < nextPublication(after: fetchedAt)
    }

    /// A month of one stock is final once it was fetched after the month ended; before that it
    /// is fresh until the next publication after its fetch.
    package static func monthIsFresh(_ month: YearMonth, fetchedAt: Date, now: Date) -> Bool {
        if monthIsFinal(month, fetchedAt: fetchedAt) { return true }
        return now < nextPublication(after: fetchedAt)
    }

    /// A month fetched after it ended (Taipei time) never changes again.
    package static func monthIsFinal(_ month: YearMonth, fetchedAt: Date) -> Bool {
        YearMonth(TaipeiTime.day(of: fetchedAt)) > month
    }

    /// A day report (三大法人, 融資融券, 本益比…) fetched after its day ended (Taipei time)
    /// never changes again: it is kept for good.
    package static func dayReportIsFinal(_ day: CalendarDate, fetchedAt: Date) -> Bool {
        TaipeiTime.day(of: fetchedAt) > day
    }

    /// A day report is final once fetched after its day; before that (today's, fetched after
    /// its publication) it is fresh until the next publication after its fetch.
    package static func dayReportIsFresh(_ day: CalendarDate, fetchedAt: Date, now: Date) -> Bool {
        dayReportIsFinal(day, fetchedAt: fetchedAt) || now < nextPublication(after: fetchedAt)
    }

    /// A month's revenue page fetched from the second month after it on never changes again:
    /// companies file by the 10th of the next month, and MOPS's corrections follow within it.
    package static func revenueIsFinal(_ month: YearMonth, fetchedAt: Date) -> Bool {
        YearMonth(TaipeiTime.day(of: fetchedAt)) > month.next
    }

    /// A month's revenue page is final as ``revenueIsFinal(_:fetchedAt:)`` says; before that it
    /// is fresh until the next publication after its fetch.
    package static func revenueIsFresh(_ month: YearMonth, fetchedAt: Date, now: Date) -> Bool {
        revenueIsFinal(month, fetchedAt: fetchedAt) || now < nextPublication(after: fetchedAt)
    }

    /// Company lists: 24 hours.
    package static func companyListIsFresh(fetchedAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(fetchedAt) < companyListLifetime && now >= fetchedAt
    }

    static func isWeekday(_ day: CalendarDate) -> Bool {
        let index = ((day.dayNumber % 7) + 7) % 7
        return index != 2 && index != 3
    }

    /// How long ago, for people: `just now`, `12 min ago`, `3 h ago`, `2 days ago`.
    package static func age(of instant: Date, now: Date) -> String {
        DownloadProvenance.age(of: instant, now: now)
    }
}
