/// Byte values the scanners and the table code compare against.
package enum ASCII {
    package static let lineFeed = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    package static let space = UInt8(ascii: " ")
    package static let tab = UInt8(ascii: "\t")
    package static let quote = UInt8(ascii: "\"")
}
