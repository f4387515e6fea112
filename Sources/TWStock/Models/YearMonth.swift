import BrowseSupport
import ListKit

/// A calendar month: the unit TWSE's per-stock STOCK_DAY reports cover.
package struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The Gregorian year.
    package let year: Int
    /// The month, 1–12.
    package let month: Int

    /// Creates a month, or returns `nil` when `month` is not 1–12 or `year` not 1–9999.
    package init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month a date falls in.
    package init(_ date: CalendarDate) {
        self.year = date.year
        self.month = date.month
    }

    /// True when `date` falls in this month.
    package func contains(_ date: CalendarDate) -> Bool {
        date.year == year && date.month == month
    }

    /// The first day of the month, as TWSE wants it in `date=yyyyMMdd` requests.
    package var firstDay: CalendarDate? { CalendarDate(year: year, month: month, day: 1) }

    /// The month before this one (January of year 1 has none and gives itself).
    package var previous: YearMonth {
        let earlier = month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1)
        return earlier ?? self
    }

    /// The month after this one (December of 9999 has none and gives itself).
    package var next: YearMonth {
        let later = month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1)
        return later ?? self
    }

    /// The ROC (民國) year: the Gregorian year minus 1911.
    package var rocYear: Int { year - ROCCalendar.yearOffset }

    /// `yyyy-MM`.
    package var description: String {
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        return "\(year)-\(monthText)"
    }

    private enum CodingKeys: String, CodingKey {
        case year
        case month
    }

    /// Decodes `{"year": 2025, "month": 6}`, refusing a month that does not exist.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let year = try container.decode(Int.self, forKey: .year)
        let month = try container.decode(Int.self, forKey: .month)
        guard let value = YearMonth(year: year, month: month) else {
            throw DecodingError.dataCorruptedError(
                forKey: .month, in: container, debugDescription: "\(year)-\(month) is not a month")
        }
        self = value
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
