/// A day and a time on it, with the offset from UTC when one was written:
/// `2025-06-02T13:30:00`, `2025-06-02 13:30`, `2025-06-02T05:30:00Z`, `2025-06-02T13:30+08:00`.
///
/// Hourly readings and event logs carry timestamps. Like ``CalendarDate`` and ``ExactDecimal``,
/// the value is kept exactly (the time to the nanosecond, never a `Double`) and written back as
/// its source wrote it: the `T` or the space between day and time, the time's precision and the
/// offset's spelling all survive (``description``). Only the day is written in its ISO form
/// (`2025/06/02 13:30` reads, and is written back `2025-06-02 13:30`).
///
/// ## Order
///
/// Values with an offset are instants and compare as such: `2025-06-02T13:30+08:00` equals
/// `2025-06-02T05:30Z`. A value without an offset is a reading of some clock, and compares as if
/// that clock read UTC: two readings without offsets compare by their days and times, and a
/// reading without an offset sorts among instants where the same reading in UTC would. That
/// keeps one total order over any mix (a sort never depends on the machine's time zone).
/// Equality is the order's (`13:30` equals `13:30:00`); ``description`` keeps how each was written.
public struct DateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What stands between the day and the time.
    public enum Separator: Sendable, Hashable {
        /// `2025-06-02T13:30`, ISO 8601's own.
        case letterT
        /// `2025-06-02 13:30`, as RFC 3339 and most databases allow.
        case space
    }

    // The time first: the day, the offset and the separator then pack behind its nine bytes
    // with one byte of padding, 19 bytes in all.
    /// The time of day, as its clock reads it.
    public let time: TimeOfDay
    /// The day, as its clock reads it.
    public let date: CalendarDate
    /// How far the clock is from UTC, when it was written.
    public let offset: UTCOffset?
    /// What is written between day and time.
    public let separator: Separator

    /// A day and a time on it.
    ///
    /// - Parameters:
    ///   - date: The day, as its clock reads it.
    ///   - time: The time, as its clock reads it.
    ///   - offset: How far the clock is from UTC; `nil` when unknown.
    ///   - separator: What is written between them.
    public init(date: CalendarDate, time: TimeOfDay, offset: UTCOffset? = nil, separator: Separator = .letterT) {
        self.date = date
        self.time = time
        self.offset = offset
        self.separator = separator
    }

    /// Parses an ISO 8601 date and time: a day (`2025-06-02` or `2025/06/02`), a `T` or one
    /// space, a time (`HH:mm`, `HH:mm:ss` or `HH:mm:ss.f` to nine digits) and optionally an
    /// offset (`Z`, `+08:00`, `+0800`, `+08`), spaces around allowed. A day alone is not a
    /// date-time.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(iso text: S) {
        self.init(isoUTF8: text.utf8)
    }

    /// Parses a day (`2025-06-02` or `2025/06/02`), a `T` or one space, a time (`HH:mm`,
    /// `HH:mm:ss` or `HH:mm:ss.f` to nine digits) and optionally an offset (`Z`, `+08:00`,
    /// `+0800`, `+08`), from UTF-8 bytes, spaces around allowed: the one date-time parser behind
    /// typed values and large CSV files. A day alone is not a date-time.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package init?<Bytes: Collection>(isoUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes[index] == UInt8(ascii: " ") { bytes.formIndex(after: &index) }
        // The day: digits with `-` or `/` between them (not `20250602`, which is a number too).
        let dateStart = index
        var separated = false
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") {
                separated = true
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                break
            }
            bytes.formIndex(after: &index)
        }
        guard separated, index != bytes.endIndex, let date = CalendarDate(isoUTF8: bytes[dateStart..<index]) else {
            return nil
        }
        let separator: Separator
        switch bytes[index] {
        case UInt8(ascii: "T"): separator = .letterT
        case UInt8(ascii: " "): separator = .space
        default: return nil
        }
        bytes.formIndex(after: &index)
        // The time: digits, `:` and `.`.
        let timeStart = index
        while index != bytes.endIndex, Self.isTimeByte(bytes[index]) { bytes.formIndex(after: &index) }
        guard index != timeStart, let time = TimeOfDay(isoUTF8: bytes[timeStart..<index]) else { return nil }
        // The offset, then only spaces.
        let offsetStart = index
        var offsetEnd = index
        while index != bytes.endIndex {
            if bytes[index] != UInt8(ascii: " ") {
                guard offsetEnd == index else { return nil }
                bytes.formIndex(after: &offsetEnd)
            }
            bytes.formIndex(after: &index)
        }
        var offset: UTCOffset?
        if offsetEnd != offsetStart {
            guard let written = UTCOffset(isoUTF8: bytes[offsetStart..<offsetEnd]) else { return nil }
            offset = written
        }
        self.init(date: date, time: time, offset: offset, separator: separator)
    }

    /// True for the bytes a time is written with: digits, `:` and `.`.
    @inlinable
    static func isTimeByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// Seconds since 1970-01-01T00:00Z (negative before it), the clock read as UTC when the value
    /// has no offset; with ``nanosecond``, the instant the value orders by.
    ///
    /// - Complexity: O(1).
    public var secondsSince1970: Int64 {
        Int64(date.dayNumber) * 86_400 + Int64(time.secondOfDay) - Int64(offset?.minutes ?? 0) * 60
    }

    /// The nanoseconds past ``secondsSince1970``.
    public var nanosecond: Int { time.nanosecond }

    /// The day, a `T` or a space, the time as precise as it was written, and the offset as it
    /// was written: `2025-06-02T13:30`, `2025-06-02 13:30:05.250+08:00`.
    ///
    /// - Complexity: O(1); written as bytes, since exports format a value per row.
    public var description: String {
        let day = date.description
        let offsetText = offset?.description ?? ""
        return String(unsafeUninitializedCapacity: 29 + offsetText.utf8.count) { output in
            var index = 0
            for byte in day.utf8 {
                output[index] = byte
                index += 1
            }
            output[index] = separator == .letterT ? UInt8(ascii: "T") : UInt8(ascii: " ")
            index = time.write(into: output, at: index + 1)
            for byte in offsetText.utf8 {
                output[index] = byte
                index += 1
            }
            return index
        }
    }

    /// True when the clock readings compare so, whatever their offsets: the day, then the time.
    ///
    /// - Complexity: O(1).
    public func isClockReading(before other: DateTime) -> Bool {
        (date, time) < (other.date, other.time)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        let left = lhs.secondsSince1970
        let right = rhs.secondsSince1970
        return left != right ? left < right : lhs.nanosecond < rhs.nanosecond
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSince1970 == rhs.secondsSince1970 && lhs.nanosecond == rhs.nanosecond
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSince1970)
        hasher.combine(nanosecond)
    }
}
