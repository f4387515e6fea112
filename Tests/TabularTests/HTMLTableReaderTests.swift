import Testing

@testable import Tabular

/// The HTML table reader: what a data page writes (entities, `<br>`, attributes in any quoting,
/// spans, cells left open, tables inside cells, comments and scripts), and its limits.
@Suite struct HTMLTableReaderTests {
    @Test func entitiesAndLineBreaksAreDecodedAndTagsLeftOut() throws {
        let tables = try HTMLTableReader.tables(
            in: "<table><tr><td>A&amp;B&nbsp;&lt;1&gt; &#39;x&#x27; &quot;</td><td>公司<br>代號<BR/>!</td>"
                + "<td><b>bold</b> &copy; & x &#0; &#x110000;</td></tr></table>")
        let row = try #require(tables.first?.rows.first)
        #expect(row.map(\.text) == ["A&B\u{A0}<1> 'x' \"", "公司\n代號\n!", "bold &copy; & x &#0; &#x110000;"])
    }

    @Test func attributesInAnyQuotingAndCaseGiveSpans() throws {
        let page =
            "<TABLE><TR><TH COLSPAN=2>a</TH><th colspan='3'>b</th><th colspan=\"4\" rowspan = 2>c</th>"
            + "<td colspan=x>d</td><td colspan=99999>e</td><td title='a > b' colspan=2>f</td></TR></TABLE>"
        let cells = try #require(try HTMLTableReader.tables(in: page).first?.rows.first)
        #expect(cells.map(\.columnSpan) == [2, 3, 4, 1, HTMLTableReader.maximumSpan, 2])
        #expect(cells.map(\.isHeader) == [true, true, true, false, false, false])
        #expect(cells[2].rowSpan == 2)
        #expect(cells.map(\.text) == ["a", "b", "c", "d", "e", "f"], "a > inside quotes ends no tag")
        #expect(HTMLTable.columns(of: Array(cells.prefix(2))) == ["a", "", "b", "", ""])
    }

    @Test func cellsLeftOpenCloseAtTheNextCellRowOrTable() throws {
        let tables = try HTMLTableReader.tables(in: "<table><tr><td>1<td>2<tr><td>3</table><table><td>4")
        #expect(tables.map { $0.rows.map { $0.map(\.text) } } == [[["1", "2"], ["3"]], [["4"]]])
    }

    @Test func aTableInACellIsATableOfItsOwnAfterIt() throws {
        let page = "<table><tr><th>產業別：水泥</th><td>x<table><tr><td>1101</td></tr></table>y</td></tr></table>"
        let tables = try HTMLTableReader.tables(in: page)
        #expect(tables.count == 2)
        #expect(tables.map(\.depth) == [0, 1])
        #expect(tables[0].rows.first?.map(\.text) == ["產業別：水泥", "xy"])
        #expect(tables[1].rows.first?.map(\.text) == ["1101"])
    }

    @Test func commentsScriptsAndStylesHideTheirTags() throws {
        let page =
            "<script>var s = \"<table><tr><td>no</td></tr></table>\";</SCRIPT><style>td{}</style>"
            + "<!-- <table><tr><td>no</td></tr></table> --><!DOCTYPE html><table><tr><td>yes</td>"
            + "<!-- <td>no</td> --></tr></table> a < b"
        let tables = try HTMLTableReader.tables(in: page)
        #expect(tables.map { $0.rows.map { $0.map(\.text) } } == [[["yes"]]])
    }

    @Test func textOutsideCellsAndStrayTagsAreLeftOut() throws {
        #expect(try HTMLTableReader.tables(in: "</table></tr><tr><td>x</td>no table").isEmpty)
        #expect(try HTMLTableReader.tables(in: "<").isEmpty)
        #expect(try HTMLTableReader.tables(in: "<table><tr><td>cut <b").first?.rows.first?.first?.text == "cut ")
    }

    @Test func limitsRefuseAHostilePage() {
        let limits = HTMLTableReader.Limits(maximumBytes: 100, maximumDepth: 3, maximumCells: 4)
        #expect(throws: HTMLTableError.tooLarge(bytes: 101, limit: 100)) {
            try HTMLTableReader.tables(in: String(repeating: "x", count: 101), limits: limits)
        }
        #expect(throws: HTMLTableError.tooDeep(limit: 3)) {
            try HTMLTableReader.tables(in: String(repeating: "<table><tr><td>", count: 4), limits: limits)
        }
        #expect(throws: HTMLTableError.tooManyCells(limit: 4)) {
            try HTMLTableReader.tables(in: "<table>" + String(repeating: "<td>1", count: 5), limits: limits)
        }
        #expect(throws: HTMLTableError.tooDeep(limit: HTMLTableReader.Limits.standard.maximumDepth)) {
            try HTMLTableReader.tables(in: String(repeating: "<table>", count: 100_000))
        }
        let wide = [HTMLCell](repeating: HTMLCell(text: "x", columnSpan: HTMLTableReader.maximumSpan), count: 100)
        #expect(HTMLTable.columns(of: wide).count == HTMLTable.maximumColumns, "a row's layout is capped")
    }
}
