import ListKit
import Testing

// The dataset plug-in shown in README.md, compiled and exercised here so the README cannot rot.
// Keep the two in step.

struct Planet: Identifiable, Sendable {
    let name: String
    let moons: Int
    var id: String { name }
}

struct PlanetsDataset: Dataset {
    var id: String { "planets" }
    var title: String { "Planets" }
    var summary: String { "the planets of the solar system and their moons" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let planets = [
            Planet(name: "Earth", moons: 1),
            Planet(name: "Mars", moons: 2),
            Planet(name: "Jupiter", moons: 95),
        ]
        return GenericListController(title: id, items: planets) { (row: inout ColumnsRow, planet) in
            row["planet"] = .text(planet.name)
            row["moons"] = .integer(planet.moons)
        } select: { planet in
            .detail(Detail(title: planet.name, fields: [.init("moons", String(planet.moons))]))
        }
    }
}

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func thePlanetsPlugInListsSortsAndSelects() throws {
        let screen = PlanetsDataset().makeRootScreen(
            context: DatasetContext(cacheDirectory: .init(fileURLWithPath: "/tmp")))
        #expect(screen.columnNames == ["planet", "moons"])
        try screen.applySort(SortOrder(column: "moons", descending: true))
        #expect(screen.column("planet") == ["Jupiter", "Mars", "Earth"])
        guard case .detail(let detail) = try screen.select(at: 0) else {
            Issue.record("choosing a planet shows its detail")
            return
        }
        #expect(detail.fields == [.init("moons", "95")])
    }
}
