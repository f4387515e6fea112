/// A day in the Gregorian calendar, without time or time zone.
///
/// Trading dates are days, not instants: keeping them as year, month and day avoids the
/// time-zone slips of `Date` (a Taipei trading day is the previous day in UTC until 08:00).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Kept in four bytes: a date sits in every cell value, sort key and count of a date
    // column, and in every date-time.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// 1–9999.
    public var year: Int { Int(storedYear) }
    /// 1–12.
    public var month: Int { Int(storedMonth) }
    /// 1–31.
    public var day: Int { Int(storedDay) }

    /// Creates a date, or `nil` when the day does not exist (`2025-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.storedYear = Int16(year)
        self.storedMonth = UInt8(month)
        self.storedDay = UInt8(day)
    }

    /// A date with each part brought into range (month 13 becomes 12, day 31 of April becomes 30),
    /// for arithmetic whose results are valid by construction.
    public init(clamping year: Int, month: Int, day: Int) {
        let year = min(max(year, 1), 9999)
        let month = min(max(month, 1), 12)
        self.storedYear = Int16(year)
        self.storedMonth = UInt8(month)
        self.storedDay = UInt8(min(max(day, 1), Self.daysInMonth(year: year, month: month)))
    }

    /// Parses `yyyy-MM-dd`, `yyyy/MM/dd` or `yyyyMMdd`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(iso text: S) {
        self.init(isoUTF8: text.utf8)
    }

    /// Parses `yyyy-MM-dd`, `yyyy/MM/dd` or `yyyyMMdd` from UTF-8 bytes (spaces around allowed):
    /// the one date parser behind the exchange's files and large CSV files.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package init?<Bytes: Collection>(isoUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        if let date = Self.plain(isoUTF8: bytes) {
            self = date
        } else {
            self.init(byteByByte: bytes)
        }
    }

    /// The day in `bytes` when they are exactly `yyyy-MM-dd` or `yyyy/MM/dd` of a day that
    /// exists, `nil` otherwise. A column of a million days is nearly all of that form, and is
    /// read here by position rather than a byte at a time through every rule of
    /// ``init(byteByByte:)``, which agrees with this wherever this returns a day.
    @inlinable
    static func plain<Bytes: Collection>(isoUTF8 bytes: Bytes) -> CalendarDate? where Bytes.Element == UInt8 {
        guard bytes.count == 10 else { return nil }
        var index = bytes.startIndex
        func next() -> UInt8 {
            defer { bytes.formIndex(after: &index) }
            return bytes[index]
        }
        // A digit's value, or 10 and more for any other byte.
        func digit() -> Int { Int(next() &- UInt8(ascii: "0")) }
        let year = (digit(), digit(), digit(), digit())
        let first = next()
        let month = (digit(), digit())
        let second = next()
        let day = (digit(), digit())
        guard year.0 < 10, year.1 < 10, year.2 < 10, year.3 < 10, month.0 < 10, month.1 < 10, day.0 < 10, day.1 < 10,
            first == second, first == UInt8(ascii: "-") || first == UInt8(ascii: "/")
        else { return nil }
        return CalendarDate(
            year: ((year.0 * 10 + year.1) * 10 + year.2) * 10 + year.3, month: month.0 * 10 + month.1,
            day: day.0 * 10 + day.1)
    }

    /// Parses a day byte by byte, every rule of ``init(isoUTF8:)`` checked at each: spaces
    /// around it, one-digit months and days, `yyyyMMdd`.
    @inlinable
    package init?<Bytes: Collection>(byteByByte bytes: Bytes) where Bytes.Element == UInt8 {
        var values = (0, 0, 0)
        var digits = (0, 0, 0)
        var part = 0
        var separator: UInt8 = 0
        var started = false
        var trailing = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !trailing else { return nil }
                started = true
                let digit = Int(byte - UInt8(ascii: "0"))
                switch part {
                case 0:
                    values.0 = values.0 * 10 + digit
                    digits.0 += 1
                case 1:
                    values.1 = values.1 * 10 + digit
                    digits.1 += 1
                default:
                    values.2 = values.2 * 10 + digit
                    digits.2 += 1
                }
                guard digits.0 <= 8, digits.1 <= 2, digits.2 <= 2 else { return nil }
            case UInt8(ascii: "-"), UInt8(ascii: "/"):
                let partDigits = part == 0 ? digits.0 : digits.1
                guard started, !trailing, part < 2, partDigits > 0, separator == 0 || separator == byte else {
                    return nil
                }
                separator = byte
                part += 1
            case UInt8(ascii: " "):
                if started { trailing = true }
            default:
                return nil
            }
        }
        if part == 2 {
            guard digits.0 == 4, digits.1 >= 1, digits.2 >= 1 else { return nil }
            self.init(year: values.0, month: values.1, day: values.2)
        } else if part == 0, digits.0 == 8 {
            self.init(year: values.0 / 10_000, month: values.0 / 100 % 100, day: values.0 % 100)
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
        (lhs.storedYear, lhs.storedMonth, lhs.storedDay) < (rhs.storedYear, rhs.storedMonth, rhs.storedDay)
    }

    /// Days since 1970-01-01 (negative before it), for arithmetic and plotting.
    ///
    /// - Complexity: O(1).
    public var dayNumber: Int {
        // Howard Hinnant's days-from-civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01, clamped to the years 1–9999.
    public init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(clamping: year, month: month, day: day)
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
