import ListKit
import Testing

/// A list keeps one item per id, the first copy, whichever way the ids hash.
@MainActor
@Suite struct ItemIdentityTests {
    /// An id whose every value hashes alike, as two different ids sometimes do.
    struct SharedHashID: Hashable, Sendable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    struct Entry<ID: Hashable & Sendable>: Identifiable, Sendable {
        let id: ID
        let label: String
    }

    func makeList<ID>(_ entries: [Entry<ID>]) -> GenericListController<Entry<ID>, ColumnsRow> {
        GenericListController(title: "entries", items: entries) { row, entry in
            row["label"] = .text(entry.label)
        } select: { _ in
            .none
        }
    }

    @Test func differentIdsWithTheSameHashAreAllKept() {
        let entries = (1...4).map { Entry(id: SharedHashID(value: $0), label: "item \($0)") }
        #expect(makeList(entries).column("label") == ["item 1", "item 2", "item 3", "item 4"])
    }

    @Test func aRepeatedIdKeepsItsFirstCopyWhateverItsHash() {
        let labels = ["first 1", "only 2", "second 1", "only 3", "third 1"]
        let numbers = [1, 2, 1, 3, 1]
        let kept = ["first 1", "only 2", "only 3"]
        #expect(makeList(zip(numbers, labels).map { Entry(id: $0, label: $1) }).column("label") == kept)
        let shared = zip(numbers, labels).map { Entry(id: SharedHashID(value: $0), label: $1) }
        #expect(makeList(shared).column("label") == kept)
    }

    @Test func aLongListWithRepeatsKeepsEachIdsFirstItemInOrder() {
        // 3,000 items over 613 ids, each id first met at a different place.
        let entries = (0..<3_000).map { Entry(id: $0 * 7_919 % 613, label: "\($0)") }
        var seen: Set<Int> = []
        let expected = entries.filter { seen.insert($0.id).inserted }.map(\.label)
        let list = makeList(entries)
        #expect(list.count == 613)
        // Compared whole, without printing 3,000 labels when they differ.
        #expect(list.column("label").elementsEqual(expected))
        let distinct = (0..<3_000).map { Entry(id: $0 * 7_919, label: "\($0)") }
        #expect(makeList(distinct).column("label").elementsEqual(distinct.map(\.label)))
    }

    @Test func twoSourcesJoinInTheirOrderAndARepeatKeepsTheFirstSourcesCopy() async {
        func source<ID>(_ name: String, _ entries: [Entry<ID>]) -> ListSource<Entry<ID>> {
            ListSource(id: name, title: name) { _ in entries }
        }
        func loaded<ID>(_ sources: [ListSource<Entry<ID>>]) async -> [String] {
            let list = GenericListController(title: "entries", sources: sources) { (row: inout ColumnsRow, entry) in
                row["label"] = .text(entry.label)
            } select: { _ in
                .none
            }
            await list.load(force: false, progress: ProgressReporter())
            return list.column("label")
        }
        let apart = await loaded([
            source("a", [Entry(id: 1, label: "a1"), Entry(id: 2, label: "a2")]),
            source("b", [Entry(id: 3, label: "b3"), Entry(id: 4, label: "b4")]),
        ])
        #expect(apart == ["a1", "a2", "b3", "b4"])
        func entry(_ value: Int, _ label: String) -> Entry<SharedHashID> {
            Entry(id: SharedHashID(value: value), label: label)
        }
        let shared = await loaded([
            source("a", [entry(1, "a1"), entry(2, "a2")]),
            source("b", [entry(2, "b2"), entry(3, "b3")]),
        ])
        #expect(shared == ["a1", "a2", "b3"])
    }
}
