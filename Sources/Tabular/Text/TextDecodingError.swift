/// Why bytes could not be turned into text (or text into bytes), and where.
///
/// ```text
/// invalid Big5 bytes FF FF at byte offset 2
/// ```
public enum TextDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes at `byteOffset` are not valid in `encoding`; `bytes` shows up to two of them.
    case invalidBytes(encoding: String, byteOffset: Int, bytes: [UInt8])
    /// The input ends in the middle of a character that starts at `byteOffset`.
    case truncatedSequence(encoding: String, byteOffset: Int)
    /// The character at UTF-8 byte `byteOffset` of the text has no form in `encoding`.
    case unencodable(encoding: String, byteOffset: Int)
    /// The C library has no converter between these encodings.
    case converterUnavailable(from: String, to: String)

    /// One line saying what was wrong and where.
    public var description: String {
        switch self {
        case .invalidBytes(let encoding, let offset, let bytes):
            let hex = bytes.map { Self.hex($0) }.joined(separator: " ")
            return "invalid \(encoding) bytes \(hex) at byte offset \(offset)"
        case .truncatedSequence(let encoding, let offset):
            return "the \(encoding) text ends inside a character that starts at byte offset \(offset)"
        case .unencodable(let encoding, let offset):
            return "the character at byte offset \(offset) cannot be written in \(encoding)"
        case .converterUnavailable(let from, let to):
            return "this system cannot convert \(from) to \(to) (no iconv converter)"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
