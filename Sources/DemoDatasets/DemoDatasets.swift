import ListKit

/// Seven Star Wars actors: an offline demo whose table shows what a person's detail shows.
public struct PeopleDataset: Dataset {
    public init() {}

    public var id: String { "people" }
    public var title: String { "Star Wars people" }
    public var summary: String { "seven actors and the parts they played (offline demo)" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(
            title: id, items: Person.all,
            columns: [
                .text("name", \.name, priority: 10, minimumWidth: 10, isName: true, isPinnedByDefault: true),
                .text("played", \.role, priority: 5, minimumWidth: 8),
                .integer("born", \.birthYear, priority: 8),
            ])
    }
}

/// Six Star Wars films: an offline demo whose table shows what a film's detail shows.
public struct FilmsDataset: Dataset {
    public init() {}

    public var id: String { "films" }
    public var title: String { "Star Wars films" }
    public var summary: String { "six films with their release years (offline demo)" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(
            title: id, items: Film.all,
            columns: [
                .text("title", \.title, priority: 10, minimumWidth: 12, isName: true, isPinnedByDefault: true),
                .integer("year", \.releaseYear, priority: 9),
                .text("director", \.director, priority: 5, minimumWidth: 8),
                .text("episode", \.place, priority: 3, minimumWidth: 8),
            ])
    }
}

/// The demo datasets, in the order the program lists them.
package enum DemoDatasets {
    package static let all: [any Dataset] = [PeopleDataset(), FilmsDataset()]
}
