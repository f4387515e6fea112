import Testing

@testable import ListKit

/// A width that takes one cell per ASCII byte counts ASCII texts itself and hands every other
/// text to its measure, whatever the text's length and wherever its first non-ASCII byte is.
@Suite struct TextWidthTests {
    /// Counts ASCII itself; anything handed to the measure is marked by a width no text has.
    let width = TextWidth(oneCellPerASCIIByte: true) { _ in -1 }

    @Test func asciiIsCountedAndAnyOtherByteAnywhereGoesToTheMeasure() {
        for length in 0...40 {
            let ascii = [UInt8]((0..<length).map { UInt8(0x20 + $0 % 0x5F) })
            #expect(ascii.withUnsafeBufferPointer { width.of(utf8: $0) } == length, "\(length) ASCII bytes")
            for position in 0..<length {
                for byte: UInt8 in [0x80, 0xE5, 0xFF] {
                    var bytes = ascii
                    bytes[position] = byte
                    let measured = bytes.withUnsafeBufferPointer { width.of(utf8: $0) }
                    #expect(measured == -1, "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func aTextInsideALargerBufferIsReadOnlyWithinItsBounds() {
        // Bytes around the text are not ASCII: a read past its ends would see them.
        let bytes: [UInt8] = [0xE5, 0xE5] + Array("2330 TSMC".utf8) + [0xE5, 0xE5]
        let measured = bytes.withUnsafeBufferPointer { all in
            (1...9).map { length in width.of(utf8: UnsafeBufferPointer(rebasing: all[2..<(2 + length)])) }
        }
        #expect(measured == Array(1...9))
    }
}
