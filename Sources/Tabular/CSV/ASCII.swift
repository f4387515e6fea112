/// Byte values the scanners compare against.
enum ASCII {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    /// The UTF-8 encoding of U+FEFF, the byte order mark some tools write first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
