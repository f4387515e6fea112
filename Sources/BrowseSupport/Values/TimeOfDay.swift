/// A time on the clock, without a day or a time zone: `13:30`, `13:30:05`, `13:30:05.250`.
///
/// Readings taken every hour, opening times and the like are times of day, not instants. The
/// value is kept exactly, to the nanosecond, with the precision it was written in, so that
/// `description` gives back `13:30` for `13:30` and `13:30:05.250` for `13:30:05.250`.
///
/// Equality and ordering are by the time alone (`13:30 == 13:30:00`); `description` keeps the
/// precision, as ``ExactDecimal`` keeps its decimals.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How finely a time is written.
    public enum Precision: Sendable, Hashable {
        /// `HH:mm`.
        case minutes
        /// `HH:mm:ss`.
        case seconds
        /// `HH:mm:ss.f`, with 1 to 9 digits after the point.
        case fraction(digits: Int)
    }

    /// Nanoseconds since midnight, for ordering and plotting.
    public let nanosecondOfDay: Int64
    /// The precision: 0 for minutes, 1 for seconds, 1 + the digits of a fraction. With the
    /// nanoseconds, nine bytes: a time sits in every cell value and count of a time column,
    /// and in every date-time.
    private let precisionCode: UInt8

    /// 0–23.
    public var hour: Int { Int(nanosecondOfDay / 3_600_000_000_000) }
    /// 0–59.
    public var minute: Int { Int(nanosecondOfDay / 60_000_000_000 % 60) }
    /// 0–59: a leap second (`23:59:60`) is not a time this type holds.
    public var second: Int { Int(nanosecondOfDay / 1_000_000_000 % 60) }
    /// 0–999,999,999.
    public var nanosecond: Int { Int(nanosecondOfDay % 1_000_000_000) }
    /// How the time is written back.
    public var precision: Precision {
        switch precisionCode {
        case 0: return .minutes
        case 1: return .seconds
        default: return .fraction(digits: Int(precisionCode) - 1)
        }
    }

    /// Creates a time, or `nil` when a part is out of range or `precision` cannot show it
    /// (seconds at `.minutes`, nanoseconds beyond the digits of `.fraction`).
    ///
    /// - Parameters:
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    ///   - second: 0 to 59.
    ///   - nanosecond: 0 to 999,999,999.
    ///   - precision: How the time is written; `nil` takes the coarsest that shows it.
    public init?(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0, precision: Precision? = nil) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999_999_999).contains(nanosecond)
        else { return nil }
        let precision = precision ?? Self.coarsest(second: second, nanosecond: nanosecond)
        switch precision {
        case .minutes:
            guard second == 0, nanosecond == 0 else { return nil }
        case .seconds:
            guard nanosecond == 0 else { return nil }
        case .fraction(let digits):
            guard (1...9).contains(digits), nanosecond % Self.powerOfTen(9 - digits) == 0 else { return nil }
        }
        self.nanosecondOfDay =
            (Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)) * 1_000_000_000 + Int64(nanosecond)
        switch precision {
        case .minutes: self.precisionCode = 0
        case .seconds: self.precisionCode = 1
        case .fraction(let digits): self.precisionCode = UInt8(1 + digits)
        }
    }

    /// Parses `HH:mm`, `HH:mm:ss` or `HH:mm:ss.f` (1 to 9 digits after the point), with spaces
    /// around allowed.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(iso text: S) {
        self.init(isoUTF8: text.utf8)
    }

    /// Parses `HH:mm`, `HH:mm:ss` or `HH:mm:ss.f` from UTF-8 bytes (spaces around allowed): the
    /// one time parser behind typed values and large CSV files. Hours take two digits, as ISO
    /// 8601 writes them (`09:30`, not `9:30`).
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package init?<Bytes: Collection>(isoUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        // The parts: 0 hours, 1 minutes, 2 seconds, 3 the fraction.
        var values = (0, 0, 0, 0)
        var digits = (0, 0, 0, 0)
        var part = 0
        var started = false
        var trailing = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !trailing else { return nil }
                started = true
                let digit = Int(byte &- UInt8(ascii: "0"))
                switch part {
                case 0:
                    values.0 = values.0 * 10 + digit
                    digits.0 += 1
                case 1:
                    values.1 = values.1 * 10 + digit
                    digits.1 += 1
                case 2:
                    values.2 = values.2 * 10 + digit
                    digits.2 += 1
                default:
                    values.3 = values.3 * 10 + digit
                    digits.3 += 1
                }
                guard digits.0 <= 2, digits.1 <= 2, digits.2 <= 2, digits.3 <= 9 else { return nil }
            case UInt8(ascii: ":"):
                guard !trailing, part < 2, part == 0 ? digits.0 == 2 : digits.1 == 2 else { return nil }
                part += 1
            case UInt8(ascii: "."):
                guard !trailing, part == 2, digits.2 == 2 else { return nil }
                part = 3
            case UInt8(ascii: " "):
                if started { trailing = true }
            default:
                return nil
            }
        }
        let precision: Precision
        switch part {
        case 1:
            guard digits.1 == 2 else { return nil }
            precision = .minutes
        case 2:
            guard digits.2 == 2 else { return nil }
            precision = .seconds
        case 3:
            guard digits.3 > 0 else { return nil }
            precision = .fraction(digits: digits.3)
        default:
            return nil
        }
        var nanosecond = values.3
        for _ in digits.3..<9 { nanosecond *= 10 }
        self.init(hour: values.0, minute: values.1, second: values.2, nanosecond: nanosecond, precision: precision)
    }

    /// Whole seconds since midnight.
    public var secondOfDay: Int { Int(nanosecondOfDay / 1_000_000_000) }

    /// `HH:mm`, `HH:mm:ss` or `HH:mm:ss.f…`, as precise as it was written.
    ///
    /// - Complexity: O(1); written as bytes, since exports format a time per row.
    public var description: String {
        String(unsafeUninitializedCapacity: 18) { output in
            write(into: output, at: 0)
        }
    }

    /// Writes the time's text at `start`, returning the index after it (at most 18 bytes).
    func write(into output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        func put(_ byte: UInt8) {
            output[index] = byte
            index += 1
        }
        func two(_ value: Int) {
            put(UInt8(ascii: "0") + UInt8(value / 10))
            put(UInt8(ascii: "0") + UInt8(value % 10))
        }
        two(hour)
        put(UInt8(ascii: ":"))
        two(minute)
        switch precision {
        case .minutes:
            break
        case .seconds:
            put(UInt8(ascii: ":"))
            two(second)
        case .fraction(let digits):
            put(UInt8(ascii: ":"))
            two(second)
            put(UInt8(ascii: "."))
            var divisor = 100_000_000
            for _ in 0..<digits {
                put(UInt8(ascii: "0") + UInt8(nanosecond / divisor % 10))
                divisor /= 10
            }
        }
        return index
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.nanosecondOfDay < rhs.nanosecondOfDay
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nanosecondOfDay == rhs.nanosecondOfDay
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nanosecondOfDay)
    }

    /// The coarsest precision that shows a time with these seconds and nanoseconds.
    private static func coarsest(second: Int, nanosecond: Int) -> Precision {
        guard nanosecond != 0 else { return second == 0 ? .minutes : .seconds }
        var digits = 9
        var rest = nanosecond
        while rest % 10 == 0 {
            rest /= 10
            digits -= 1
        }
        return .fraction(digits: digits)
    }

    private static func powerOfTen(_ exponent: Int) -> Int {
        var value = 1
        for _ in 0..<max(0, exponent) { value *= 10 }
        return value
    }
}
