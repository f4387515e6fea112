import LineMode
import Testing

/// Types `bytes` at a prompt with no history and no completion, as a terminal sends them.
///
/// - Returns: The line, the cursor's column, and the last action.
@MainActor
func typing(_ bytes: String, history: [String] = [], completion: Completion = .none)
    -> (line: String, column: Int, action: EditorState.Action)
{
    var decoder = KeyDecoder()
    var state = EditorState(history: history) { _ in completion }
    var action = EditorState.Action.unchanged
    for key in decoder.feed(Array(bytes.utf8)) + decoder.flush() {
        action = state.handle(key)
    }
    return (state.buffer.text, state.buffer.cursorColumn, action)
}

let left = "\u{1B}[D"
let right = "\u{1B}[C"

/// Editing keys change the line and move the cursor by display columns.
@Suite @MainActor struct EditBufferTests {
    @Test func anEditInTheMiddleOfALine() {
        let typed = typing("open flms" + left + left + left + "i")
        #expect(typed.line == "open films")
        #expect(typed.column == 7, "the cursor stays after the inserted letter")
    }

    @Test func cjkCharactersTakeTwoColumns() {
        let typed = typing("/台積電" + left + left + "X")
        #expect(typed.line == "/台X積電")
        #expect(typed.column == 4, "/ (1) + 台 (2) + X (1)")
        #expect(typing("/台積電").column == 7)
    }

    @Test func combiningMarksTakeNoColumnAndMoveWithTheirLetter() {
        // é typed as e and a combining acute accent: one character, one column.
        let typed = typing("cafe\u{301} au lait" + "\u{1B}[H" + right + right + right + right + "!")
        #expect(typed.line == "cafe\u{301}! au lait")
        #expect(typed.column == 5)
        let back = typing("ae\u{301}" + "\u{7F}")
        #expect(back.line == "a", "Backspace removes the letter with its accent")
        #expect(back.column == 1)
    }

    @Test(arguments: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~", "\u{01}"])
    func everyHomeKeyGoesToTheStart(_ home: String) {
        let typed = typing("台北 data" + home + "x")
        #expect(typed.line == "x台北 data")
        #expect(typed.column == 1)
    }

    @Test(arguments: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~", "\u{05}"])
    func everyEndKeyGoesToTheEnd(_ end: String) {
        let typed = typing("台北 data" + "\u{1B}[H" + end + "!")
        #expect(typed.line == "台北 data!")
        #expect(typed.column == 10)
    }

    @Test func deleteAndBackspace() {
        #expect(typing("abc" + left + left + "\u{1B}[3~").line == "ac")
        #expect(typing("abc" + left + "\u{7F}").line == "ac")
        #expect(typing("abc" + left + "\u{08}").line == "ac")
        #expect(typing("abc" + "\u{1B}[3~").line == "abc", "Delete at the end does nothing")
    }

    @Test func controlBAndFMoveByCharacter() {
        let typed = typing("台積電" + "\u{02}\u{02}\u{06}" + "X")
        #expect(typed.line == "台積X電")
        #expect(typed.column == 5)
    }

    @Test func altBAndFMoveByWord() {
        let backTwo = typing("sort close desc" + "\u{1B}b\u{1B}b" + "X")
        #expect(backTwo.line == "sort Xclose desc")
        let forward = typing("sort close desc" + "\u{01}" + "\u{1B}f\u{1B}f" + "X")
        #expect(forward.line == "sort closeX desc")
        #expect(typing("one two" + "\u{1B}[1;5D" + "X").line == "one Xtwo", "Ctrl-← moves a word too")
    }

    @Test func killsAndYank() {
        #expect(typing("open films" + left + left + "\u{0B}").line == "open fil", "Ctrl-K kills to the end")
        let killedStart = typing("open films" + left + left + "\u{15}")
        #expect(killedStart.line == "ms", "Ctrl-U kills to the start")
        #expect(killedStart.column == 0)
        #expect(typing("export csv out.csv" + "\u{17}").line == "export csv ", "Ctrl-W kills a word")
        #expect(
            typing("export csv out.csv" + "\u{17}\u{17}" + "\u{19}").line == "export csv out.csv", "Ctrl-Y yanks both")
        #expect(typing("a b" + "\u{01}" + "\u{1B}d").line == " b", "Alt-D kills the next word")
        #expect(typing("x/y.csv" + "\u{1B}\u{7F}").line == "x/y.", "Alt-Backspace kills back to a word start")
    }

    @Test func ctrlDDeletesOnALineAndEndsTheInputOnAnEmptyOne() {
        #expect(typing("abc" + "\u{01}" + "\u{04}").line == "bc")
        #expect(typing("\u{04}").action == .endOfInput)
        #expect(typing("abc\u{04}").action == .unchanged, "at the end of a line Ctrl-D does nothing")
    }

    @Test func keysThatEndThings() {
        #expect(typing("open films\r").action == .accept("open films"))
        #expect(typing("open films" + left + left + "\r").action == .accept("open films"))
        #expect(typing("open fi\u{03}").action == .interrupt)
        #expect(typing("\u{0C}").action == .clearScreen)
        #expect(typing("\u{1A}").action == .suspend)
    }

    @Test func aPasteIsInsertedNeverRun() {
        let typed = typing("/\u{1B}[200~open films\nq\n\u{1B}[201~")
        #expect(typed.line == "/open films q ", "line breaks become spaces")
        #expect(typed.action == .redraw, "nothing was run")
    }

    @Test func controlCharactersAreNotTyped() {
        var buffer = EditBuffer()
        buffer.insert("a\u{1B}[2Jb\u{07}c\u{9B}d")
        #expect(buffer.text == "a[2Jbcd")
    }
}
