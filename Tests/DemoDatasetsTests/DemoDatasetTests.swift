import DemoDatasets
import Foundation
import ListKit
import Testing

@MainActor
@Suite struct DemoDatasetTests {
    let context = DatasetContext(
        cacheDirectory: FileManager.default.temporaryDirectory,
        program: ProgramIdentity(name: "demo-tests", version: "1.0.0", summary: "the demo datasets' tests"))

    @Test func filmsHaveTheirTrueReleaseYearsAndTheColumnsOfTheirDetail() throws {
        let films = FilmsDataset().makeRootScreen(context: context)
        #expect(films.style == .columns)
        #expect(films.columnNames == ["title", "year", "director", "episode"])
        guard case .detail(let detail) = try films.select(at: 0) else {
            Issue.record("a film shows a detail")
            return
        }
        #expect(detail.fields.map(\.name) == ["title", "year", "director", "episode"])
        var years: [String: String] = [:]
        films.forEachRow { cells in years[cells[0].cell.text] = cells[1].cell.text }
        #expect(years["Star Wars: A New Hope"] == "1977", "not 1978")
        #expect(years["Star Wars: The Empire Strikes Back"] == "1980", "not 1982")
        #expect(years["Star Wars: Return of the Jedi"] == "1983", "not 1984")
        #expect(years["Star Wars: Revenge of the Sith"] == "2005")
    }

    @Test func choosingAPersonShowsTheirDetailAndTheFilterFindsParts() throws {
        let people = PeopleDataset().makeRootScreen(context: context)
        #expect(people.columnNames == ["name", "played", "born"], "the table shows what the detail shows")
        try people.applyFilter("han solo")
        #expect(people.count == 1)
        guard case .detail(let detail) = try people.select(at: 0) else {
            Issue.record("a person shows a detail")
            return
        }
        #expect(detail.fields == [.init("name", "Harrison Ford"), .init("played", "Han Solo"), .init("born", "1942")])
    }
}
