import ListKit

extension TextWidth {
    /// Cells on a terminal: the text made visible (`VisibleText`), then measured
    /// (`DisplayWidth`), as the table draws it.
    ///
    /// Text of ASCII and CJK ideographs is counted by `TextWidth` itself
    /// (`twoCellsPerIdeograph`); other text of common scalars that stand alone (Latin, kana,
    /// Hangul syllables, fullwidth forms) is measured as it is decoded, without making a
    /// `String`: a control character is shown as its picture, one cell like any other ASCII.
    /// Anything else is made visible and measured by grapheme cluster.
    ///
    /// - Complexity: O(n) in the bytes.
    package static let terminal = TextWidth(oneCellPerASCIIByte: true, twoCellsPerIdeograph: true) { utf8 in
        var width = 0
        var bytes = utf8.makeIterator()
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
