import BrowseSupport
import ListKit
import Tabular

/// Typed values read straight from a field's bytes, by the same rules as `ExactDecimal(_:)`,
/// `CalendarDate(iso:)`, `DateTime(iso:)` and `TimeOfDay(iso:)`, so that a million cells can be typed and sorted without a `String` each.
enum FieldParser {
    private static let space = UInt8(ascii: " ")
    private static let zero = UInt8(ascii: "0")
    private static let nine = UInt8(ascii: "9")

    /// True for a missing value: an empty field, spaces only, or `--`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Asked of every field: one that starts with neither a space nor a dash, as nearly all
        // do, holds a value, and is answered here without a call into the shared rule.
        if let first = bytes.first, first != space, first != UInt8(ascii: "-") { return false }
        return MissingValueRule.plain.isMissing(bytes)
    }

    /// The number in `bytes` as `ExactDecimal(_:)` reads it (`"1,234.50"`, `+0.30`, `" 0.00"`),
    /// or `nil`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func decimal(_ utf8: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        ExactDecimal(utf8: utf8)
    }

    /// True when the number's whole part starts with a zero followed by another digit (`0050`,
    /// `007`): such values are codes, not quantities, and their columns stay text.
    @inline(__always)
    static func hasLeadingZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most numbers start with a digit other than zero, and are answered without a call.
        if let first = bytes.first, first > zero, first <= nine { return false }
        return hasLeadingZeroAfterTrimming(bytes)
    }

    private static func hasLeadingZeroAfterTrimming(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = trimmedRange(bytes).lowerBound
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == zero else { return false }
        let next = bytes[index + 1]
        return (zero...nine).contains(next) || next == UInt8(ascii: ",")
    }

    /// The day in `bytes` as `CalendarDate(iso:)` reads it (`2025-06-02`, `2025/6/2`,
    /// `20250602`), or `nil`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        CalendarDate(isoUTF8: bytes)
    }

    /// The date and time in `bytes` as `DateTime(iso:)` reads it (`2025-06-02T13:30`,
    /// `2025-06-02 13:30:05+08:00`), or `nil`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func dateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTime? {
        DateTime(isoUTF8: bytes)
    }

    /// The time of day in `bytes` as `TimeOfDay(iso:)` reads it (`13:30`, `13:30:05.250`), or
    /// `nil`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func time(_ bytes: UnsafeBufferPointer<UInt8>) -> TimeOfDay? {
        TimeOfDay(isoUTF8: bytes)
    }

    /// The field without leading and trailing ASCII spaces.
    private static func trimmedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == space { start += 1 }
        while end > start, bytes[end - 1] == space { end -= 1 }
        return start..<end
    }
}
