/// A security code on the Taiwan markets: `2330`, `0050`, `00632R`, `910322`, `00625K`.
///
/// Codes are text, never numbers: `0050` and `50` are different securities, and codes carry
/// letters (`00632R` is an inverse ETF, `00625K` trades in a foreign currency). A valid code is
/// 4 to 6 ASCII letters or digits; letters are kept upper-case.
package struct StockCode: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The code as written by the exchange.
    package let rawValue: String

    /// Creates a code from text, or returns `nil` when it is not 4–6 ASCII letters or digits.
    ///
    /// Surrounding spaces are ignored and lower-case letters are made upper-case, so `" 00632r"`
    /// gives `00632R`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package init?<S: StringProtocol>(_ text: S) {
        // One pass over the bytes: most codes come as they are kept, and are taken whole.
        var count = 0
        var rewritten = false
        var ended = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                rewritten = true
                ended = count > 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                // Spaces are allowed only around the code, not inside it.
                guard !ended else { return nil }
                count += 1
                if byte >= UInt8(ascii: "a") { rewritten = true }
            default:
                return nil
            }
        }
        guard (4...6).contains(count) else { return nil }
        guard rewritten else {
            rawValue = String(text)
            return
        }
        var bytes: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: " ") {
            bytes.append(byte >= UInt8(ascii: "a") ? byte - 32 : byte)
        }
        rawValue = String(decoding: bytes, as: UTF8.self)
    }

    /// The code itself.
    package var description: String { rawValue }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = StockCode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a stock code (4–6 letters or digits)")
        }
        self = code
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
