import BrowseSupport
import Testing

@Suite struct TextJoiningTests {
    @Test(arguments: [
        [], [""], ["", ""], ["台積電"], ["", "a", ""], ["2330", "台積電", "", "半導體業", "1,045.00"],
        ["a long text that does not fit in a small string's sixteen bytes", "Ａｂｃ", "e\u{301}"],
    ])
    func textsAreJoinedAsJoinedBySpacesJoinsThem(_ texts: [String]) {
        let joined = TextJoining.spaced(texts)
        #expect(joined == texts.joined(separator: " "))
        #expect(joined.utf8.elementsEqual(texts.joined(separator: " ").utf8))
    }
}
