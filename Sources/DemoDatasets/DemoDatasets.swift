import ListKit

/// Seven Star Wars actors: an offline demo whose table shows what a person's detail shows.
public struct PeopleDataset: Dataset {
    public init() {}

    public var id: String { "people" }
    public var title: String { "Star Wars people" }
    public var summary: String { "seven actors and the parts they played (offline demo)" }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let columns = [
            Column("name", priority: 10, minimumWidth: 10),
            Column("played", priority: 5, minimumWidth: 8),
            Column("born", kind: .integer, priority: 8),
        ]
        let controller = GenericListController(title: id, items: Person.all, columns: columns) {
            (row: inout ColumnsRow, person) in
            row["name"] = .text(person.name)
            row["played"] = .text(person.role)
            row["born"] = .integer(person.birthYear)
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
        return controller
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
        let columns = [
            Column("title", priority: 10, minimumWidth: 12),
            Column("year", kind: .integer, priority: 9),
            Column("director", priority: 5, minimumWidth: 8),
            Column("episode", priority: 3, minimumWidth: 8),
        ]
        return GenericListController(title: id, items: Film.all, columns: columns) { (row: inout ColumnsRow, film) in
            row["title"] = .text(film.title)
            row["year"] = .integer(film.releaseYear)
            row["director"] = .text(film.director)
            row["episode"] = .text(film.place)
        } select: { film in
            .detail(
                Detail(
                    title: film.title,
                    fields: [
                        .init("title", film.title),
                        .init("year", String(film.releaseYear)),
                        .init("director", film.director),
                        .init("episode", film.place),
                    ]))
        }
    }
}

/// The demo datasets, in the order the program lists them.
public enum DemoDatasets {
    public static let all: [any Dataset] = [PeopleDataset(), FilmsDataset()]
}
