import ListKit

/// Seven Star Wars actors, in the basic row style: an offline demo.
public struct PeopleDataset: Dataset {
    public init() {}

    public var id: String { "people" }
    public var title: String { "Star Wars people" }
    public var summary: String { "seven actors and the parts they played (offline demo)" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let controller = GenericListController(title: id, items: Person.all) { (row: inout BasicRow, person) in
            row.text = .text(person.name)
            row.textName = "name"
        } select: { person in
            .detail(
                Detail(
                    title: person.name,
                    fields: [
                        .init("name", person.name),
                        .init("played", person.role),
                        .init("born", String(person.birthYear)),
                    ]))
        }
        // Find people by the parts they played too.
        controller.searchText = { "\($0.name) \($0.role)" }
        return controller
    }
}

/// Six Star Wars films, in the subtitle row style: an offline demo.
public struct FilmsDataset: Dataset {
    public init() {}

    public var id: String { "films" }
    public var title: String { "Star Wars films" }
    public var summary: String { "six films with their release years (offline demo)" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(title: id, items: Film.all) { (row: inout SubtitleRow, film) in
            row.text = .text(film.title)
            row.detail = .integer(film.releaseYear)
            row.names = ("title", "year")
        } select: { film in
            .detail(
                Detail(
                    title: film.title,
                    fields: [
                        .init("title", film.title),
                        .init("released", String(film.releaseYear)),
                        .init("director", film.director),
                        .init("in the saga", film.place),
                    ]))
        }
    }
}

/// The demo datasets, in the order the program lists them.
public enum DemoDatasets {
    public static let all: [any Dataset] = [PeopleDataset(), FilmsDataset()]
}
