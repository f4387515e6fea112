import Testing

@testable import LineMode

/// What the status line says of a list's sources: a year of months counted, failures named.
@Suite struct SourceTitlesTests {
    static let year = (1...12).map { "month 2025-\($0 < 10 ? "0" : "")\($0)" }

    @Test func manySourcesOfAKindAreCountedInWords() {
        #expect(SourceTitles.loaded(Self.year + ["cached days"]) == "12 months, cached days")
        #expect(SourceTitles.loaded(["上市", "上櫃"]) == "上市, 上櫃", "a few are named")
        #expect(SourceTitles.loaded(["a", "b", "c", "d", "e"]) == "a, b, c, d, e", "titles of no kind")
    }

    @Test func failuresOfAKindAreSaidTogether() {
        #expect(SourceTitles.failed(["month 2026-12", "month 2026-11"]) == ["months 2026-12, 2026-11 failed"])
        #expect(SourceTitles.failed(["month 2026-12"]) == ["month 2026-12 failed"])
        #expect(SourceTitles.failed(["興櫃", "上櫃"]) == ["興櫃 failed", "上櫃 failed"])
    }
}
