/// How far a clock is from UTC, kept as it was written: `Z`, `+08:00`, `+0800` or `+08`.
///
/// A ``DateTime`` with an offset is an instant; the offset's spelling is kept so that the value
/// is written back as its source wrote it.
public struct UTCOffset: Sendable, Hashable, CustomStringConvertible {
    /// How an offset is written.
    public enum Style: Sendable, Hashable {
        /// `Z`: UTC itself.
        case zulu
        /// `+08:00`.
        case extended
        /// `+0800`.
        case basic
        /// `+08`: whole hours.
        case hours
    }

    /// Minutes east of UTC (`+08:00` is 480, `-05:00` is -300), within ±23:59.
    public var minutes: Int { Int(storedMinutes) }
    // Two bytes: an offset sits in every date-time that has one.
    private let storedMinutes: Int16
    /// How the offset is written back.
    public let style: Style
    /// True for `-00:00`, which RFC 3339 uses for "UTC, local offset unknown": the same instant
    /// as `+00:00`, written back with its sign.
    public let isNegativeZero: Bool

    /// UTC, written `Z`.
    public static let utc = UTCOffset(validMinutes: 0, style: .zulu, isNegativeZero: false)

    /// Creates an offset, or `nil` when it is beyond ±23:59 or `style` cannot write it (`Z` for
    /// anything but zero, `+08` for an offset with minutes).
    public init?(minutes: Int, style: Style = .extended) {
        guard (-1_439...1_439).contains(minutes) else { return nil }
        switch style {
        case .zulu: guard minutes == 0 else { return nil }
        case .hours: guard minutes % 60 == 0 else { return nil }
        case .extended, .basic: break
        }
        self.init(validMinutes: minutes, style: style, isNegativeZero: false)
    }

    @usableFromInline
    init(validMinutes: Int, style: Style, isNegativeZero: Bool) {
        self.storedMinutes = Int16(validMinutes)
        self.style = style
        self.isNegativeZero = isNegativeZero
    }

    /// Parses `Z`, `±HH:mm`, `±HHmm` or `±HH` (hours 00–23, minutes 00–59), nothing around it.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public init?<S: StringProtocol>(iso text: S) {
        self.init(isoUTF8: text.utf8)
    }

    /// Parses `Z`, `±HH:mm`, `±HHmm` or `±HH` from UTF-8 bytes, nothing around it.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package init?<Bytes: Collection>(isoUTF8 bytes: Bytes) where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        guard index != bytes.endIndex else { return nil }
        let sign = bytes[index]
        if sign == UInt8(ascii: "Z") {
            guard bytes.index(after: index) == bytes.endIndex else { return nil }
            self = .utc
            return
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        bytes.formIndex(after: &index)
        var value = 0
        var count = 0
        var colon = false
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                guard count == 2, !colon else { return nil }
                colon = true
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), count < 4 else { return nil }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
                count += 1
            }
            bytes.formIndex(after: &index)
        }
        let style: Style
        switch (count, colon) {
        case (2, false): style = .hours
        case (4, false): style = .basic
        case (4, true): style = .extended
        default: return nil
        }
        let hours = count == 4 ? value / 100 : value
        let minutes = count == 4 ? value % 100 : 0
        guard hours <= 23, minutes <= 59 else { return nil }
        let negative = sign == UInt8(ascii: "-")
        self.init(
            validMinutes: (hours * 60 + minutes) * (negative ? -1 : 1), style: style,
            isNegativeZero: negative && hours == 0 && minutes == 0)
    }

    /// The offset as written: `Z`, `+08:00`, `+0800` or `+08`.
    public var description: String {
        if style == .zulu { return "Z" }
        let magnitude = abs(minutes)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let sign = minutes < 0 || isNegativeZero ? "-" : "+"
        switch style {
        case .zulu: return "Z"
        case .extended: return sign + two(magnitude / 60) + ":" + two(magnitude % 60)
        case .basic: return sign + two(magnitude / 60) + two(magnitude % 60)
        case .hours: return sign + two(magnitude / 60)
        }
    }
}
