/// The line being typed at the prompt: its text, the cursor, and every editing operation.
///
/// The cursor is a count of characters (grapheme clusters) from the start, so it never
/// lands inside one: `e` and a combining accent typed after it are one character, and a
/// flag or a family emoji is one. Columns on screen come from `DisplayWidth`: CJK
/// characters take two cells, combining marks none.
///
/// Killed text (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace) is kept for Ctrl-Y; kills in a
/// row add up to one piece, as in readline.
///
/// ```text
/// "台積電|"  left, left       →  "台|積電"   cursor 1, column 2
/// "open films|"  Ctrl-W       →  "open |"    Ctrl-Y → "open films|"
/// ```
package struct EditBuffer: Sendable, Equatable {
    /// The line's characters.
    package private(set) var characters: [Character]
    /// Where the cursor is: the number of characters before it.
    package private(set) var cursor: Int
    /// The text Ctrl-Y puts back.
    package private(set) var killed = ""
    /// Whether the last operation was a kill, so the next one adds to it.
    private var lastWasKill = false

    /// A line holding `text`, with the cursor at its end.
    package init(_ text: String = "") {
        characters = Array(Self.typeable(text))
        cursor = characters.count
    }

    /// The line as a string.
    package var text: String { String(characters) }

    /// The text before the cursor.
    package var textBeforeCursor: String { String(characters[..<cursor]) }

    /// True when the line has no characters.
    package var isEmpty: Bool { characters.isEmpty }

    // MARK: - Changing the text

    /// Inserts `text` at the cursor and moves the cursor after it. Line breaks and tabs
    /// become spaces and other control characters are dropped: a command is one line.
    ///
    /// - Complexity: O(n) in the length of the line.
    package mutating func insert(_ text: String) {
        lastWasKill = false
        let typed = Self.typeable(text)
        guard !typed.isEmpty else { return }
        // Joined as strings, so a combining mark typed after a letter becomes part of it.
        let before = String(characters[..<cursor]) + typed
        let after = String(characters[cursor...])
        characters = Array(before + after)
        cursor = min(before.count, characters.count)
    }

    /// Replaces the line with `text`, the cursor at its end (a recalled command).
    package mutating func replace(with text: String) {
        lastWasKill = false
        characters = Array(Self.typeable(text))
        cursor = characters.count
    }

    /// Replaces the characters in `range` with `text`, the cursor after it (a completion).
    package mutating func replace(_ range: Range<Int>, with text: String) {
        let clamped = range.clamped(to: 0..<characters.count)
        let before = String(characters[..<clamped.lowerBound]) + Self.typeable(text)
        characters = Array(before + String(characters[clamped.upperBound...]))
        cursor = min(before.count, characters.count)
        lastWasKill = false
    }

    /// Backspace: deletes the character before the cursor.
    ///
    /// - Returns: False when there is none.
    @discardableResult
    package mutating func deleteBackward() -> Bool {
        lastWasKill = false
        guard cursor > 0 else { return false }
        characters.remove(at: cursor - 1)
        cursor -= 1
        return true
    }

    /// Delete (and Ctrl-D on a line that is not empty): deletes the character under the cursor.
    ///
    /// - Returns: False when the cursor is at the end.
    @discardableResult
    package mutating func deleteForward() -> Bool {
        lastWasKill = false
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        return true
    }

    /// Ctrl-K: kills from the cursor to the end of the line.
    package mutating func killToEnd() {
        kill(cursor..<characters.count, backward: false)
    }

    /// Ctrl-U: kills from the start of the line to the cursor.
    package mutating func killToStart() {
        kill(0..<cursor, backward: true)
    }

    /// Ctrl-W: kills the word before the cursor, back to the previous space.
    package mutating func killWhitespaceWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        kill(start..<cursor, backward: true)
    }

    /// Alt-Backspace: kills back to the start of the word (letters and digits) before the cursor.
    package mutating func killWordBackward() {
        kill(previousWordStart()..<cursor, backward: true)
    }

    /// Alt-D: kills forward to the end of the word after the cursor.
    package mutating func killWordForward() {
        kill(cursor..<nextWordEnd(), backward: false)
    }

    /// Ctrl-Y: inserts the last killed text at the cursor.
    package mutating func yank() {
        let text = killed
        insert(text)
    }

    private mutating func kill(_ range: Range<Int>, backward: Bool) {
        let text = String(characters[range])
        if lastWasKill {
            killed = backward ? text + killed : killed + text
        } else if !text.isEmpty {
            killed = text
        }
        characters.removeSubrange(range)
        cursor = range.lowerBound
        lastWasKill = true
    }

    // MARK: - Moving the cursor

    /// ← and Ctrl-B.
    package mutating func moveLeft() {
        lastWasKill = false
        cursor = max(0, cursor - 1)
    }

    /// → and Ctrl-F.
    package mutating func moveRight() {
        lastWasKill = false
        cursor = min(characters.count, cursor + 1)
    }

    /// Home and Ctrl-A.
    package mutating func moveToStart() {
        lastWasKill = false
        cursor = 0
    }

    /// End and Ctrl-E.
    package mutating func moveToEnd() {
        lastWasKill = false
        cursor = characters.count
    }

    /// Puts the cursor before the character at `index`.
    package mutating func move(to index: Int) {
        lastWasKill = false
        cursor = min(max(0, index), characters.count)
    }

    /// Alt-B: to the start of the word before the cursor (a word is letters and digits).
    package mutating func moveWordLeft() {
        lastWasKill = false
        cursor = previousWordStart()
    }

    /// Alt-F: to the end of the word after the cursor.
    package mutating func moveWordRight() {
        lastWasKill = false
        cursor = nextWordEnd()
    }

    private func previousWordStart() -> Int {
        var index = cursor
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func nextWordEnd() -> Int {
        var index = cursor
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    // MARK: - Display

    /// Each character as the terminal shows it (`VisibleText`), with its width in columns.
    ///
    /// - Complexity: O(n) in the length of the line.
    package var cells: [(text: String, width: Int)] {
        characters.map { character in
            let shown = VisibleText.make(String(character))
            return (shown, DisplayWidth.of(shown))
        }
    }

    /// The column of the cursor, counted from the start of the line.
    ///
    /// - Complexity: O(n) in the length of the line.
    package var cursorColumn: Int {
        cells[..<cursor].reduce(0) { $0 + $1.width }
    }

    /// Text as it may enter a command line: one line, no control characters.
    static func typeable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0A where previous == "\r":
                continue
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
