import ListKit

extension TextWidth {
    /// Cells on a terminal: the text made visible (`VisibleText`), then measured
    /// (`DisplayWidth`), as the table draws it.
    ///
    /// Text of ASCII and common scalars that stand alone (Latin, CJK, kana, Hangul syllables,
    /// fullwidth forms) is measured as it is decoded, without making a `String`: a control
    /// character is shown as its picture, one cell like any other ASCII. Anything else is made
    /// visible and measured by grapheme cluster.
    ///
    /// - Complexity: O(n) in the bytes.
    package static let terminal = TextWidth(oneCellPerASCIIByte: true) { utf8 in
        // Most fields are ASCII, a cell a byte: the leading ASCII is counted eight bytes at a
        // time, and only the rest decoded.
        var ascii = 0
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while ascii + 8 <= utf8.count,
                raw.loadUnaligned(fromByteOffset: ascii, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                ascii += 8
            }
        }
        var index = ascii
        var width = ascii
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                width += 1
                index += 1
            } else if (0xE4...0xE9).contains(byte), index + 2 < utf8.count, utf8[index + 1] & 0xC0 == 0x80,
                byte != 0xE4 || utf8[index + 1] >= 0xB8, utf8[index + 2] & 0xC0 == 0x80
            {
                // U+4E00–U+9FFF, CJK ideographs (names in Chinese and Japanese): two cells each.
                // Below U+4E00 the hexagram symbols take one.
                width += 2
                index += 3
            } else {
                break
            }
        }
        if index == utf8.count { return width }
        var bytes = UnsafeBufferPointer(rebasing: utf8[index...]).makeIterator()
        var decoder = Unicode.UTF8()
        decoding: while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if scalar.isASCII {
                    width += 1
                } else if DisplayWidth.standsAlone(scalar) {
                    width += DisplayWidth.scalarWidth(scalar)
                } else {
                    break decoding
                }
            case .emptyInput:
                return width
            case .error:
                break decoding
            }
        }
        return DisplayWidth.of(VisibleText.make(String(decoding: utf8, as: UTF8.self)))
    }
}
