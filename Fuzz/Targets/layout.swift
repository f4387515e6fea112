import LineMode
import ListKit

// Fuzzes display width, visible text, fitting and table layout: whatever the text, a fitted
// cell is exactly as wide as asked, a laid-out line never exceeds the width, and nothing that
// reaches the terminal is a control character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let width = Int(first % 90)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
    let visible = VisibleText.make(text)
    for scalar in visible.unicodeScalars {
        precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "no control characters")
        precondition(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
    }
    let fitted = TextFitting.fit(visible, toWidth: width, alignment: first % 2 == 0 ? .leading : .trailing)
    precondition(DisplayWidth.of(fitted) == width, "fit gives exactly the width")
    precondition(DisplayWidth.of(TextFitting.truncate(visible, toWidth: width)) <= width, "truncate fits")
    let texts = visible.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let kinds = ColumnKind.allCases
    let columns = texts.indices.map { index in
        Column("c\(index)", kind: kinds[(index + Int(first)) % kinds.count], priority: index % 3)
    }
    let headers = texts.map { String($0.prefix(3)) }
    let layout = TableLayout(columns: columns, headers: headers, rows: [texts, texts], width: max(1, width))
    let line = layout.line(texts)
    precondition(DisplayWidth.of(line) <= max(1, width) || layout.placed.count == 1, "a line fits")
    for placed in layout.placed where placed.column.kind.isNeverCut {
        precondition(placed.width >= DisplayWidth.of(texts[placed.index]), "a number, date or code is never cut")
    }
    let shownHeaders = layout.placed.map(\.header).filter { $0.hasSuffix("…") }
    precondition(Set(shownHeaders).count == shownHeaders.count, "no two cut headers read the same")
    return 0
}
