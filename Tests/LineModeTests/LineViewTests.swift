import LineMode
import Testing

/// The line is drawn in one row: a long line scrolls, and the cursor lands on its character.
@Suite struct LineViewTests {
    @Test func aShortLineIsDrawnWholeWithTheCursorInPlace() {
        var view = LineView()
        var buffer = EditBuffer("/台積電 2330")
        buffer.move(to: 2)
        let row = view.layout(prompt: "> ", buffer: buffer, width: 80)
        #expect(row.line == "/台積電 2330")
        #expect(row.cursorColumn == 5, "> (2) + / (1) + 台 (2)")
        #expect(view.draw(prompt: "> ", buffer: buffer, width: 80) == "\r> /台積電 2330\u{1B}[0K\r\u{1B}[5C")
    }

    @Test func aLongLineScrollsWithinItsRow() {
        var view = LineView()
        let text = String(repeating: "台", count: 50) + " end"
        var buffer = EditBuffer(text)
        let atEnd = view.layout(prompt: "> ", buffer: buffer, width: 40)
        #expect(atEnd.line.hasSuffix("台 end"))
        #expect(atEnd.cursorColumn <= 38, "the cursor stays in the row, the last column free")
        #expect(DisplayWidth.of(atEnd.prompt + atEnd.line) <= 39)
        buffer.moveToStart()
        let atStart = view.layout(prompt: "> ", buffer: buffer, width: 40)
        #expect(atStart.line.hasPrefix("台台"))
        #expect(atStart.cursorColumn == 2)
        #expect(DisplayWidth.of(atStart.prompt + atStart.line) <= 39)
    }

    @Test func theCursorIsAlwaysInSightWhileMoving() {
        var view = LineView()
        var buffer = EditBuffer(String(repeating: "ab台", count: 40))
        buffer.moveToStart()
        for _ in 0..<buffer.characters.count {
            buffer.moveRight()
            let row = view.layout(prompt: "> ", buffer: buffer, width: 30)
            #expect((2...28).contains(row.cursorColumn))
            #expect(DisplayWidth.of(row.prompt + row.line) <= 29)
        }
    }

    @Test func candidatesAreListedInColumns() {
        let listed = LineEditor.columns(["companies", "films", "people", "ticks"], width: 40)
        #expect(listed == "companies  films      people\r\nticks\r\n")
        let wide = LineEditor.columns(["companies", "films", "people", "ticks"], width: 80)
        #expect(wide == "companies  films      people     ticks\r\n")
        let many = LineEditor.columns((1...150).map { "c\($0)" }, width: 80)
        #expect(many.hasSuffix("… and 50 more\r\n"))
    }
}

/// The example in `LineView`'s documentation.
@Suite struct LineViewExampleTests {
    @Test func theDocumentedExample() {
        var view = LineView()
        let row = view.layout(prompt: "> ", buffer: EditBuffer("a long line typed at the end"), width: 24)
        #expect(row.prompt + row.line == "> ine typed at the end")
        #expect(row.cursorColumn == 22)
    }
}
