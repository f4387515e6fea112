import ListKit

/// Breaking text into lines of a given display width: at spaces when there are any, never
/// inside a character (CJK text, which has no spaces, breaks between characters).
package enum TextWrapping {
    /// `text` in pieces at most `width` columns wide; `nil` width gives the text as one piece.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func wrap(_ text: String, width: Int?) -> [String] {
        guard let width, width > 0, DisplayWidth.of(text) > width else { return [text] }
        var pieces: [String] = []
        var current: [Character] = []
        var currentWidth = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > width, !current.isEmpty {
                if character != " ", let space = current.lastIndex(of: " "), space > 0 {
                    // Carry the last word over to the next line.
                    pieces.append(String(current[..<space]))
                    current = Array(current[(space + 1)...])
                } else {
                    pieces.append(String(current))
                    current = []
                }
                currentWidth = current.reduce(0) { $0 + DisplayWidth.of($1) }
                if character == " ", current.isEmpty { continue }
            }
            current.append(character)
            currentWidth += characterWidth
        }
        if !current.isEmpty { pieces.append(String(current)) }
        return pieces.map { piece in
            var piece = piece
            while piece.last == " " { piece.removeLast() }
            return piece
        }
    }

    /// `text` in lines at most `width` columns wide, broken as ``wrap(_:width:)`` breaks it,
    /// every line after the first indented by `indent` spaces (a message's continuation).
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
        let pieces = wrap(text, width: width)
        guard pieces.count > 1, width > indent + 1 else { return pieces }
        let margin = String(repeating: " ", count: indent)
        let rest = wrap(pieces.dropFirst().joined(separator: " "), width: width - indent)
        return [pieces[0]] + rest.map { margin + $0 }
    }
}
