import Tabular

/// Tells, from the two scalars around a position, when it is certainly a boundary between
/// characters (grapheme clusters).
///
/// `String.contains` matches whole characters, so `e` is not found in `é` written as `e` and a
/// combining accent. A byte match is a character match when both of its ends are boundaries.
/// This answers only the easy, common cases: ASCII (but not a CR before a LF), Latin-1 and
/// Latin Extended letters, CJK, kana and Hangul syllables, none of which join with a neighbour
/// from these sets. Anything else is "not sure", and the caller asks `String`.
enum GraphemeBoundary {
    /// True when a boundary certainly lies between `before` and `after`.
    static func isCertain(between before: UInt32, and after: UInt32) -> Bool {
        guard before != UInt32(ASCII.carriageReturn) else { return false }
        return isPlain(before) && isPlain(after)
    }

    /// Scalars that are never extending, spacing, prepended, joining, regional or jamo.
    private static func isPlain(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0..<0x80, 0xA0...0x2FF, 0x3001...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x30A1...0x30FA,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return true
        default:
            return false
        }
    }
}
