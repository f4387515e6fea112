/// Draws the prompt and the line in one terminal row.
///
/// A line wider than the row scrolls within it, keeping the cursor in sight; the last column
/// is left free, so the terminal never wraps. Each character is drawn as `VisibleText` shows
/// it and takes the columns `DisplayWidth` gives it, so the cursor lands where it should after
/// CJK text (2 columns each) and combining marks (none).
///
/// ```text
/// "a long line typed at the end" in 24 columns, the cursor at its end (_):
/// > ine typed at the end_
/// ```
package struct LineView: Sendable {
    /// The first character of the line shown, when the line has scrolled.
    package private(set) var firstShown = 0

    package init() {}

    /// What to write to draw `prompt` and `buffer` in a row of `width` columns, leaving the
    /// terminal's cursor at the line's cursor.
    ///
    /// - Complexity: O(n) in the length of the line.
    package mutating func draw(prompt: String, buffer: EditBuffer, width: Int) -> String {
        let layout = self.layout(prompt: prompt, buffer: buffer, width: width)
        var text = "\r" + layout.prompt + layout.line + "\u{1B}[0K\r"
        if layout.cursorColumn > 0 { text += "\u{1B}[\(layout.cursorColumn)C" }
        return text
    }

    /// The row as it will look: the prompt, the part of the line shown, and the cursor's column.
    package mutating func layout(prompt: String, buffer: EditBuffer, width: Int)
        -> (prompt: String, line: String, cursorColumn: Int)
    {
        let columns = max(width, 2)
        // A search prompt may be long: it gets at most half the row.
        let shownPrompt = TextFitting.truncate(VisibleText.make(prompt), toWidth: max(1, columns / 2))
        let promptWidth = DisplayWidth.of(shownPrompt)
        let room = max(1, columns - promptWidth - 1)
        let cells = buffer.cells
        let cursor = buffer.cursor
        firstShown = min(firstShown, cursor)
        // Bring the cursor into sight from the right.
        var cursorOffset = cells[firstShown..<cursor].reduce(0) { $0 + $1.width }
        while cursorOffset >= room, firstShown < cursor {
            cursorOffset -= cells[firstShown].width
            firstShown += 1
        }
        // When the line fits from an earlier start (after a deletion), show more of it.
        var tailWidth = cells[firstShown...].reduce(0) { $0 + $1.width }
        while firstShown > 0, tailWidth + cells[firstShown - 1].width < room {
            firstShown -= 1
            tailWidth += cells[firstShown].width
            cursorOffset += cells[firstShown].width
        }
        var line = ""
        var used = 0
        for cell in cells[firstShown...] {
            guard used + cell.width <= room else { break }
            line += cell.text
            used += cell.width
        }
        return (shownPrompt, line, promptWidth + cursorOffset)
    }

    /// Starts again for a new line.
    package mutating func reset() {
        firstShown = 0
    }
}
