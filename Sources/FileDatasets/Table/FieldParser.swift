import ListKit

/// Typed values read straight from a field's bytes, by the same rules as `ExactDecimal(_:)` and
/// `CalendarDate(iso:)`, so that a million cells can be typed and sorted without a `String` each.
enum FieldParser {
    private static let space = UInt8(ascii: " ")
    private static let zero = UInt8(ascii: "0")
    private static let nine = UInt8(ascii: "9")

    /// True for a missing value: an empty field, spaces only, or `--`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let trimmed = trimmedRange(bytes)
        if trimmed.isEmpty { return true }
        return trimmed.count == 2 && bytes[trimmed.lowerBound] == UInt8(ascii: "-")
            && bytes[trimmed.lowerBound + 1] == UInt8(ascii: "-")
    }

    /// The number in `bytes` as `ExactDecimal(_:)` reads it (`"1,234.50"`, `+0.30`, `" 0.00"`),
    /// or `nil`.
    ///
    /// - Complexity: O(n) in the length of the field.
    static func decimal(_ utf8: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var units: Int64 = 0
        var scale = 0
        var negative = false
        var sawDigit = false
        var sawPoint = false
        var index = 0
        let end = utf8.count
        while index != end, utf8[index] == space { index += 1 }
        if index != end, utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-") {
            negative = utf8[index] == UInt8(ascii: "-")
            index += 1
        }
        var previousWasDigit = false
        var sawComma = false
        var digitsInGroup = 0
        while index != end {
            let byte = utf8[index]
            switch byte {
            case zero...nine:
                let (shifted, overflow1) = units.multipliedReportingOverflow(by: 10)
                let (added, overflow2) = shifted.addingReportingOverflow(Int64(byte - zero))
                guard !overflow1, !overflow2 else { return nil }
                units = added
                sawDigit = true
                previousWasDigit = true
                if sawPoint {
                    scale += 1
                    guard scale <= ExactDecimal.maximumScale else { return nil }
                } else {
                    digitsInGroup += 1
                }
            case UInt8(ascii: ","):
                guard previousWasDigit, !sawPoint else { return nil }
                guard sawComma ? digitsInGroup == 3 : digitsInGroup <= 3 else { return nil }
                sawComma = true
                digitsInGroup = 0
                previousWasDigit = false
            case UInt8(ascii: "."):
                guard !sawPoint, previousWasDigit || !sawDigit, !sawComma || digitsInGroup == 3 else { return nil }
                sawPoint = true
                previousWasDigit = false
            case space:
                var rest = index
                while rest != end, utf8[rest] == space { rest += 1 }
                guard rest == end else { return nil }
                index = rest
                continue
            default:
                return nil
            }
            index += 1
        }
        guard sawDigit, previousWasDigit, !sawComma || digitsInGroup == 3 else { return nil }
        return ExactDecimal(units: negative ? -units : units, scale: scale)
    }

    /// True when the number's whole part starts with a zero followed by another digit (`0050`,
    /// `007`): such values are codes, not quantities, and their columns stay text.
    static func hasLeadingZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
        let trimmed = trimmedRange(bytes)
        var parts: [Range<Int>] = []
        var start = trimmed.lowerBound
        for index in trimmed where bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "/") {
            parts.append(start..<index)
            start = index + 1
            if parts.count > 3 { return nil }
        }
        parts.append(start..<trimmed.upperBound)
        if parts.count == 3 {
            guard parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
                let year = integer(bytes, parts[0]), let month = integer(bytes, parts[1]),
                let day = integer(bytes, parts[2])
            else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
        guard parts.count == 1, trimmed.count == 8, trimmed.allSatisfy({ (zero...nine).contains(bytes[$0]) }),
            let value = integer(bytes, trimmed)
        else { return nil }
        return CalendarDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
    }

    /// `Int(text)` for a short ASCII part: an optional sign, then digits.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        var negative = false
        if index < range.upperBound, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < range.upperBound else { return nil }
        var value = 0
        while index < range.upperBound {
            let byte = bytes[index]
            guard (zero...nine).contains(byte) else { return nil }
            value = value * 10 + Int(byte - zero)
            index += 1
        }
        return negative ? -value : value
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
