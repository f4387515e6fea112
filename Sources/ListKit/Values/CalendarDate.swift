/// A day in the Gregorian calendar, without time or time zone.
///
/// Trading dates are days, not instants: keeping them as year, month and day avoids the
/// time-zone slips of `Date` (a Taipei trading day is the previous day in UTC until 08:00).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or `nil` when the day does not exist (`2025-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `yyyy-MM-dd`, `yyyy/MM/dd` or `yyyyMMdd`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(iso text: S) {
        let trimmed = text.trimmingASCIISpaces()
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "/" }
        if parts.count == 3 {
            guard parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
            else { return nil }
            self.init(year: year, month: month, day: day)
        } else if parts.count == 1, trimmed.count == 8, trimmed.allSatisfy(\.isASCIIDigit),
            let value = Int(trimmed)
        {
            self.init(year: value / 10_000, month: value / 100 % 100, day: value % 100)
        } else {
            return nil
        }
    }

    /// `yyyy-MM-dd`.
    ///
    /// - Complexity: O(1); written as bytes, since exports format a date per row.
    public var description: String {
        String(unsafeUninitializedCapacity: 10) { output in
            func put(_ digit: Int, at index: Int) { output[index] = UInt8(ascii: "0") + UInt8(digit) }
            put(year / 1000 % 10, at: 0)
            put(year / 100 % 10, at: 1)
            put(year / 10 % 10, at: 2)
            put(year % 10, at: 3)
            output[4] = UInt8(ascii: "-")
            put(month / 10 % 10, at: 5)
            put(month % 10, at: 6)
            output[7] = UInt8(ascii: "-")
            put(day / 10 % 10, at: 8)
            put(day % 10, at: 9)
            return 10
        }
    }

    /// `yyyyMMdd`, as in TWSE file names.
    public var compact: String {
        "\(Self.pad(year, 4))\(Self.pad(month, 2))\(Self.pad(day, 2))"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in a month of the Gregorian calendar.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces.
    func trimmingASCIISpaces() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " { start = index(after: start) }
        while end > start, self[index(before: end)] == " " { end = index(before: end) }
        return self[start..<end]
    }
}
