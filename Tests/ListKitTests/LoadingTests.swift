import ListKit
import Synchronization
import Testing

struct SourceFailed: Error, CustomStringConvertible {
    var description: String { "HTTP 500 from the server" }
}

/// Counts how often each source was fetched.
final class FetchCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func hit(_ id: String) { counts.withLock { $0[id, default: 0] += 1 } }
    func count(_ id: String) -> Int { counts.withLock { $0[id, default: 0] } }
}

@MainActor
@Suite struct LoadingTests {
    func source(_ id: String, _ stocks: [Stock], counter: FetchCounter, fails: Bool = false) -> ListSource<Stock> {
        ListSource(id: id, title: id) { request in
            counter.hit(id)
            request.progress.report(LoadProgress(completed: Int64(stocks.count), total: Int64(stocks.count)))
            if fails { throw SourceFailed() }
            return stocks
        }
    }

    func makeList(_ sources: [ListSource<Stock>]) -> GenericListController<Stock, ColumnsRow> {
        let byCode: (Stock, Stock) -> Bool = { $0.id < $1.id }
        return GenericListController(title: "companies", sources: sources, order: byCode) { row, stock in
            row["code"] = .text(stock.id)
            row["name"] = .text(stock.name)
        } select: { _ in
            .none
        }
    }

    @Test func loadsMergeByIdentityWithoutDuplicates() async {
        let counter = FetchCounter()
        let list = makeList([
            source("listed", Array(sampleStocks[0..<3]), counter: counter),
            source("otc", Array(sampleStocks[2..<5]), counter: counter),
        ])
        #expect(list.state == .idle)
        await list.load(force: false, progress: ProgressReporter())
        #expect(list.state == .loaded)
        #expect(list.count == 5, "0050 came from both sources and is kept once")
        #expect(list.column("code") == ["0050", "00643K", "2317", "2330", "2454"])
        #expect(list.loadedSources == ["listed", "otc"])
    }

    @Test func aSourceAlreadyLoadedIsNotFetchedAgainUnlessForced() async {
        let counter = FetchCounter()
        let list = makeList([source("listed", sampleStocks, counter: counter)])
        await list.load(force: false, progress: ProgressReporter())
        await list.load(force: false, progress: ProgressReporter())
        #expect(counter.count("listed") == 1)
        await list.load(force: true, progress: ProgressReporter())
        #expect(counter.count("listed") == 2)
    }

    @Test func aFailedSourceIsNamedAndDoesNotHideTheOthers() async {
        let counter = FetchCounter()
        let list = makeList([
            source("listed", Array(sampleStocks[0..<2]), counter: counter),
            source("emerging", [], counter: counter, fails: true),
        ])
        await list.load(force: false, progress: ProgressReporter())
        #expect(list.state == .loaded)
        #expect(list.count == 2)
        #expect(list.sourceFailures == [SourceFailure(source: "emerging", error: SourceFailed())])
        #expect(list.sourceFailures.map(\.reason) == ["HTTP 500 from the server"])
    }

    @Test func whenEverySourceFailsTheStateSaysWhy() async {
        let counter = FetchCounter()
        let list = makeList([source("listed", [], counter: counter, fails: true)])
        await list.load(force: false, progress: ProgressReporter())
        #expect(list.state == .failed(FailedLoad(failures: [SourceFailure(source: "listed", error: SourceFailed())])))
        guard case .failed(let failure) = list.state else { return }
        #expect(failure.description == "listed: HTTP 500 from the server")
    }

    @Test func aFailedRefreshKeepsTheDataItHad() async {
        let counter = FetchCounter()
        let fails = Mutex(false)
        let list = makeList([
            ListSource(id: "listed", title: "上市") { _ in
                counter.hit("listed")
                if fails.withLock({ $0 }) { throw SourceFailed() }
                return sampleStocks
            }
        ])
        await list.load(force: false, progress: ProgressReporter())
        fails.withLock { $0 = true }
        await list.load(force: true, progress: ProgressReporter())
        #expect(list.count == 5)
        #expect(list.state == .loaded)
        #expect(list.sourceFailures.map(\.source) == ["上市"])
    }

    @Test func theSelectedItemSurvivesAReload() async throws {
        let counter = FetchCounter()
        let list = makeList([source("listed", sampleStocks, counter: counter)])
        await list.load(force: false, progress: ProgressReporter())
        _ = try list.select(at: 3)
        let chosen = list.item(at: list.position).id
        await list.load(force: true, progress: ProgressReporter())
        #expect(list.item(at: list.position).id == chosen)
    }

    @Test func progressReachesTheFrontEnd() async {
        let reporter = ProgressReporter()
        let counter = FetchCounter()
        let list = makeList([source("listed", sampleStocks, counter: counter)])
        await list.load(force: false, progress: reporter)
        #expect(reporter.current.completed == 5)
        #expect(reporter.current.fraction == 1)
    }
}

@MainActor
@Suite struct ScopeAndSourceTests {
    @Test func aScopeNarrowsTheViewBeforeTheFilter() throws {
        let list = makeStocks(sampleStocks)
        list.applyScope { $0.id.hasPrefix("23") }
        #expect(list.column("code") == ["2330", "2317"])
        try list.applyFilter("鴻")
        #expect(list.column("code") == ["2317"])
        list.applyScope(nil)
        #expect(list.count == 1, "the filter stays when the scope goes")
    }

    @Test func onlyActiveSourcesLoadAndAnAddedSourceMerges() async {
        let counter = FetchCounter()
        let list = GenericListController(
            title: "t",
            sources: [
                ListSource(id: "a", title: "A") { _ in
                    counter.hit("a")
                    return Array(sampleStocks[0..<2])
                },
                ListSource(id: "b", title: "B") { _ in
                    counter.hit("b")
                    return Array(sampleStocks[2..<3])
                },
            ]
        ) { (row: inout BasicRow, stock) in
            row.text = .text(stock.id)
        } select: { _ in
            .none
        }
        list.activate(sources: ["a"])
        await list.load(force: false, progress: ProgressReporter())
        #expect(counter.count("b") == 0)
        #expect(list.count == 2)
        list.add(
            ListSource(id: "c", title: "C") { request in
                request.progress.note("c skipped one bad row")
                return [sampleStocks[0], sampleStocks[4]]
            })
        let reporter = ProgressReporter()
        await list.load(force: false, progress: reporter)
        #expect(list.count == 3, "2330 came again from c and is kept once")
        #expect(reporter.takeNotes() == ["c skipped one bad row"])
        #expect(reporter.takeNotes().isEmpty)
        #expect(!list.isLoaded(source: "b"))
    }
}
