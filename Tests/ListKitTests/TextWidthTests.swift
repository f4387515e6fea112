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

    /// With two cells per ideograph, a text of ASCII and ideographs of U+4E00–U+9FFF is
    /// counted without the measure, at any length and mix; any other byte, a cut ideograph or
    /// one just outside the range goes to it, as does a text whose ideograph is at its very end.
    @Test func asciiAndIdeographsAreCountedAndAnythingElseGoesToTheMeasure() {
        let ideographs = TextWidth(oneCellPerASCIIByte: true, twoCellsPerIdeograph: true) { _ in -1 }
        func cells(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { ideographs.of(utf8: $0) } }
        let pieces = ["台", "積電", "2330", "x", "一", "鿿", "abcdefghij", ""]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    let expected = text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 2) }
                    #expect(cells(Array(text.utf8)) == expected, "\(text)")
                    for other in ["\u{4DFF}", "Ａ", "가", "ア", "é", "\u{A000}"] {
                        #expect(cells(Array((first + other + second).utf8)) == -1, "\(first + other + second)")
                    }
                    let ideograph = Array("電".utf8)
                    for cut in 1..<ideograph.count {
                        #expect(cells(Array((first + second).utf8) + ideograph.prefix(cut)) == -1)
                    }
                    // A lead with an ASCII byte as its second or third.
                    #expect(cells(Array(first.utf8) + [0xE5, 0x41, 0x80] + Array(second.utf8)) == -1)
                    #expect(cells(Array(first.utf8) + [0xE5, 0x8F, 0x41] + Array(second.utf8)) == -1)
                }
            }
        }
        // Without one cell per ASCII byte the flag counts nothing by itself.
        let alone = TextWidth(twoCellsPerIdeograph: true) { _ in -1 }
        #expect(Array("台積電".utf8).withUnsafeBufferPointer { alone.of(utf8: $0) } == -1)
    }

    @Test func ideographsInsideALargerBufferAreReadOnlyWithinTheirBounds() {
        let ideographs = TextWidth(oneCellPerASCIIByte: true, twoCellsPerIdeograph: true) { _ in -1 }
        // The byte after the text starts an ideograph and the one before ends one: a read past
        // either end would count or refuse them.
        let text = Array("台積電2330".utf8)
        let bytes: [UInt8] = [0xE9, 0xBF, 0xBF] + text + [0xE5, 0x8F, 0xB0]
        let measured = bytes.withUnsafeBufferPointer { all in
            [3, 6, 9, 10, 13].map { length in
                ideographs.of(utf8: UnsafeBufferPointer(rebasing: all[3..<(3 + length)]))
            }
        }
        #expect(measured == [2, 4, 6, 7, 10])
    }
}
