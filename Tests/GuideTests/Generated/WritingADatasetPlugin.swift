// Generated from Documentation/WritingADatasetPlugin.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import BrowseSupport
import ListKit

// Documentation/WritingADatasetPlugin.md, block 1

/// A planet and its moons.
struct Planet: Identifiable, Sendable, Hashable {
    let name: String
    let distance: ExactDecimal  // astronomical units
    let moons: [String]
    var id: String { name }
}

// Documentation/WritingADatasetPlugin.md, block 2
/// A row type of our own: typed properties, laid out as a table by the front end.
struct PlanetRow: ListRow {
    var name = ""
    var distance: ExactDecimal?
    var moonCount = 0

    static var style: RowStyle { .columns }

    var cells: [NamedCell] {
        [
            NamedCell("planet", .text(name)),
            NamedCell("distance (AU)", .decimal(distance)),
            NamedCell("moons", .integer(moonCount)),
        ]
    }
}

// Documentation/WritingADatasetPlugin.md, block 3
/// What can go wrong while loading. The description states what happened; the remedy is what
/// may help, and the front end words it for the prompt (`r` tries again) or for a script.
enum SolarSystemError: UserFacingError {
    case observatoryClosed

    var description: String { "the observatory is closed" }
    var remedy: Remedy? { .retryLater(seconds: nil) }
}

/// Loads the planets asynchronously, reporting progress as it goes.
@Sendable func loadPlanets(_ request: LoadRequest) async throws -> [Planet] {
    let catalogue: [(String, String, [String])] = [
        ("Mercury", "0.39", []),
        ("Venus", "0.72", []),
        ("Earth", "1.00", ["Moon"]),
        ("Mars", "1.52", ["Phobos", "Deimos"]),
        ("Jupiter", "5.20", ["Io", "Europa", "Ganymede", "Callisto"]),
    ]
    var planets: [Planet] = []
    for (index, entry) in catalogue.enumerated() {
        try Task.checkCancellation()
        guard let distance = ExactDecimal(entry.1) else { throw SolarSystemError.observatoryClosed }
        planets.append(Planet(name: entry.0, distance: distance, moons: entry.2))
        request.progress.report(LoadProgress(completed: Int64(index + 1), total: Int64(catalogue.count)))
    }
    return planets
}

// Documentation/WritingADatasetPlugin.md, block 4
struct SolarSystemDataset: Dataset {
    var id: String { "solar-system" }
    var title: String { "The solar system" }
    var summary: String { "planets and their moons (an example plug-in)" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let source = ListSource(id: "catalogue", title: "planet catalogue", load: loadPlanets)
        let planets = GenericListController(title: id, sources: [source]) { (row: inout PlanetRow, planet) in
            row.name = planet.name
            row.distance = planet.distance
            row.moonCount = planet.moons.count
        } select: { planet in
            guard !planet.moons.isEmpty else { return .message("\(planet.name) has no moons") }
            return .push(Self.moons(of: planet))
        }
        return planets
    }

// Documentation/WritingADatasetPlugin.md, block 5
    /// The drill-down: a planet's moons, in the basic row style.
    @MainActor
    static func moons(of planet: Planet) -> any ListScreen {
        let moons = planet.moons.enumerated().map { Moon(id: $0.offset, name: $0.element) }
        return GenericListController(title: "moons of \(planet.name)", items: moons) { (row: inout BasicRow, moon) in
            row.text = .text(moon.name)
            row.textName = "moon"
        } select: { moon in
            .detail(Detail(title: moon.name, fields: [.init("moon", moon.name), .init("planet", planet.name)]))
        }
    }
}

struct Moon: Identifiable, Sendable {
    let id: Int
    let name: String
}
