/// Byte values the scanners and the table code compare against.
public enum ASCII {
    public static let lineFeed = UInt8(ascii: "\n")
    public static let carriageReturn = UInt8(ascii: "\r")
    public static let space = UInt8(ascii: " ")
    public static let tab = UInt8(ascii: "\t")
    public static let quote = UInt8(ascii: "\"")
}
