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
}

/// Column widths measured on earlier pages of a view, so that paging does not make columns
/// shrink and jump: a width only grows until the view changes (a filter, a sort, a load).
@MainActor
package final class ColumnWidthMemory {
    private struct Entry {
        weak var screen: (any ListScreen)?
        var version: Int
        var widths: [String: Int]
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    package init() {}

    /// The widths remembered for `screen`'s current view.
    func widths(for screen: any ListScreen) -> [String: Int] {
        guard let entry = entries[ObjectIdentifier(screen)], entry.screen === screen,
            entry.version == screen.viewVersion
        else { return [:] }
        return entry.widths
    }

    /// Remembers `widths` for `screen`'s current view.
    func remember(_ widths: [String: Int], for screen: any ListScreen) {
        var merged = self.widths(for: screen)
        merged.merge(widths) { max($0, $1) }
        entries = entries.filter { $0.value.screen != nil }
        entries[ObjectIdentifier(screen)] = Entry(screen: screen, version: screen.viewVersion, widths: merged)
    }
}
