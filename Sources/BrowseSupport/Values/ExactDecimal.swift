/// A decimal number kept exactly as written: `"1,045.00"` stays 1045.00 with two places.
///
/// Prices and changes from the exchange must never pass through `Double`: `ExactDecimal`
/// stores an integer count of units and the number of digits after the point, so its
/// `description` gives back the exchange's own decimals.
///
/// Equality and ordering are numeric (`1.5 == 1.50`); `description` keeps the scale.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The value times 10^`scale`.
    public let units: Int64
    /// How many digits follow the decimal point.
    public let scale: Int

    /// The largest scale accepted; beyond it `Int64` units would overflow for ordinary values.
    public static let maximumScale = 12

    /// Creates a decimal of `units` × 10^-`scale`.
    ///
    /// - Precondition: `0 <= scale <= ExactDecimal.maximumScale`.
    public init(units: Int64, scale: Int) {
        precondition((0...Self.maximumScale).contains(scale), "scale out of range")
        self.units = units
        self.scale = scale
    }

    /// Creates a whole number.
    public init(_ value: Int64) {
        self.init(units: value, scale: 0)
    }

    /// Parses a decimal such as `1045.00`, `"-20.0000"`, `+0.30`, `" 0.00"` or `"1,234.5"`.
    ///
    /// Leading and trailing spaces are ignored; a single leading `+` or `-` is allowed;
    /// commas between digits are thousands separators when `allowsGrouping` is true.
    /// Returns `nil` for anything else (empty text, `--`, `X0.00`, too many digits).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(_ text: S, allowsGrouping: Bool = true) {
        self.init(utf8: text.utf8, allowsGrouping: allowsGrouping)
    }

    /// Parses a decimal from UTF-8 bytes by the same rules: the one parser behind every number
    /// read from the exchange's files and from large CSV files (which read a million cells
    /// without making a `String` for each).
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package init?<Bytes: Collection>(utf8: Bytes, allowsGrouping: Bool = true) where Bytes.Element == UInt8 {
        guard
            let value = Self.plain(utf8: utf8, allowsGrouping: allowsGrouping)
                ?? Self(byteByByte: utf8, allowsGrouping: allowsGrouping)
        else {
            return nil
        }
        self = value
    }

    /// The number in `utf8` when it has the usual form, `nil` otherwise: an optional sign, digits
    /// (grouped by commas when allowed), an optional point and digits, 18 digits at most, so that
    /// no step can overflow. A column of a million such numbers is read a run of digits at a time
    /// rather than a byte through every rule; any other form is left to ``init(byteByByte:allowsGrouping:)``,
    /// which agrees with this wherever this returns a number.
    @inlinable
    static func plain<Bytes: Collection>(utf8: Bytes, allowsGrouping: Bool) -> ExactDecimal?
    where Bytes.Element == UInt8 {
        var index = utf8.startIndex
        let end = utf8.endIndex
        guard index != end else { return nil }
        var negative = false
        if utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            negative = utf8[index] == UInt8(ascii: "-")
            utf8.formIndex(after: &index)
        }
        var units: Int64 = 0
        var digits = 0
        var group = 0
        var grouped = false
        while index != end {
            let byte = utf8[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                units = units &* 10 &+ Int64(digit)
                group &+= 1
            } else if byte == UInt8(ascii: ","), allowsGrouping, group > 0, grouped ? group == 3 : group <= 3 {
                digits &+= group
                grouped = true
                group = 0
            } else {
                break
            }
            utf8.formIndex(after: &index)
        }
        guard group > 0, !grouped || group == 3 else { return nil }
        digits &+= group
        var scale = 0
        if index != end {
            guard utf8[index] == UInt8(ascii: ".") else { return nil }
            utf8.formIndex(after: &index)
            while index != end {
                let digit = utf8[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                units = units &* 10 &+ Int64(digit)
                scale &+= 1
                utf8.formIndex(after: &index)
            }
            guard scale > 0 else { return nil }
        }
        guard digits &+ scale <= 18, scale <= maximumScale else { return nil }
        return ExactDecimal(units: negative ? -units : units, scale: scale)
    }

    /// Parses a decimal byte by byte, every rule of ``init(utf8:allowsGrouping:)`` checked at
    /// each: spaces around it, a point with no digit before it (`.5`), any length that fits.
    @inlinable
    package init?<Bytes: Collection>(byteByByte utf8: Bytes, allowsGrouping: Bool = true)
    where Bytes.Element == UInt8 {
        var units: Int64 = 0
        var scale = 0
        var negative = false
        var sawDigit = false
        var sawPoint = false
        var index = utf8.startIndex
        while index != utf8.endIndex, utf8[index] == UInt8(ascii: " ") { utf8.formIndex(after: &index) }
        if index != utf8.endIndex, utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-") {
            negative = utf8[index] == UInt8(ascii: "-")
            utf8.formIndex(after: &index)
        }
        var previousWasDigit = false
        var sawComma = false
        var digitsInGroup = 0
        // A comma group must hold exactly three digits; the first group one to three.
        while index != utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (shifted, overflow1) = units.multipliedReportingOverflow(by: 10)
                let (added, overflow2) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                units = added
                sawDigit = true
                previousWasDigit = true
                if !sawPoint { digitsInGroup += 1 }
                if sawPoint {
                    scale += 1
                    guard scale <= Self.maximumScale else { return nil }
                }
            case UInt8(ascii: ","):
                guard allowsGrouping, previousWasDigit, !sawPoint else { return nil }
                guard sawComma ? digitsInGroup == 3 : digitsInGroup <= 3 else { return nil }
                sawComma = true
                digitsInGroup = 0
                previousWasDigit = false
            case UInt8(ascii: "."):
                guard !sawPoint, previousWasDigit || !sawDigit, !sawComma || digitsInGroup == 3 else { return nil }
                sawPoint = true
                previousWasDigit = false
            case UInt8(ascii: " "):
                // Trailing spaces only.
                var rest = index
                while rest != utf8.endIndex, utf8[rest] == UInt8(ascii: " ") { utf8.formIndex(after: &rest) }
                guard rest == utf8.endIndex else { return nil }
                index = rest
                continue
            default:
                return nil
            }
            utf8.formIndex(after: &index)
        }
        guard sawDigit, previousWasDigit, !sawComma || digitsInGroup == 3 else { return nil }
        self.init(units: negative ? -units : units, scale: scale)
    }

    /// The value as written, without grouping: `1045.00`, `-20.0000`.
    public var description: String {
        formatted(grouping: false)
    }

    /// The value with its own number of decimals, optionally with thousands separators.
    ///
    /// - Parameter grouping: Insert `,` every three integer digits (`1,045.00`).
    /// - Complexity: O(d) in the number of digits; the text is written once, as bytes, because
    ///   exporting a large view formats millions of numbers.
    public func formatted(grouping: Bool) -> String {
        // At most 20 digits, a point, a sign and six separators for an Int64 with 12 decimals.
        String(unsafeUninitializedCapacity: 40) { output in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
                // Digits from the least significant, padded so that there is one before the point.
                var magnitude = units.magnitude
                var count = 0
                repeat {
                    digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                } while magnitude > 0
                while count <= scale {
                    digits[count] = UInt8(ascii: "0")
                    count += 1
                }
                var written = 0
                if units < 0 {
                    output[written] = UInt8(ascii: "-")
                    written += 1
                }
                let integerDigits = count - scale
                for offset in 0..<integerDigits {
                    if grouping, offset > 0, (integerDigits - offset) % 3 == 0 {
                        output[written] = UInt8(ascii: ",")
                        written += 1
                    }
                    output[written] = digits[count - 1 - offset]
                    written += 1
                }
                if scale > 0 {
                    output[written] = UInt8(ascii: ".")
                    written += 1
                    for position in stride(from: scale - 1, through: 0, by: -1) {
                        output[written] = digits[position]
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// The nearest `Double`, for plotting and approximate work only.
    public var doubleValue: Double {
        var divisor = 1.0
        for _ in 0..<scale { divisor *= 10 }
        return Double(units) / divisor
    }

    /// True when the value is zero.
    public var isZero: Bool { units == 0 }

    /// The sign of the value: -1, 0 or 1.
    public var signum: Int { Int(units.signum()) }

    /// Units brought to `scale`, or `nil` when that overflows.
    private func units(atScale target: Int) -> Int64? {
        var result = units
        for _ in scale..<target {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }

    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
        // The usual case in a column (prices of two places): no scaling to do, and no call from
        // the loops that keep a column's least and greatest.
        if lhs.scale == rhs.scale { return lhs.units < rhs.units }
        return lessAtCommonScale(lhs, rhs)
    }

    /// `lhs < rhs` for decimals of different scales.
    @usableFromInline
    static func lessAtCommonScale(_ lhs: Self, _ rhs: Self) -> Bool {
        let common = max(lhs.scale, rhs.scale)
        if let left = lhs.units(atScale: common), let right = rhs.units(atScale: common) {
            return left < right
        }
        return lhs.doubleValue < rhs.doubleValue
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public func hash(into hasher: inout Hasher) {
        // Hash the value with trailing zeros removed, so equal values hash alike.
        var units = units
        var scale = scale
        while scale > 0, units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        hasher.combine(units)
        hasher.combine(scale)
    }
}
