import CustomDatasets
import DemoDatasets
import LineMode
import ListKit
import TWStock
import Testing

/// The datasets `browse` registers — the built-in ones and those `new-dataset` added — taken
/// together: a name two of them share, or one a session command already has, is a mistake that
/// only the whole registry shows, and the person typing the name is the one who meets it.
@Suite struct RegistryTests {
    /// What `browse` registers, in its order (`Sources/browse/main.swift`).
    static let shipped: [any Dataset] =
        [CompaniesDataset(), TicksDataset()] + DemoDatasets.all + CustomDatasets.all

    /// What is wrong with `datasets` as one program's registry, a line each.
    static func problems(_ datasets: [any Dataset]) -> [String] {
        var problems: [String] = []
        do {
            _ = try DatasetRegistry(datasets)
        } catch {
            problems.append(error.description)
        }
        // A session command is tried before a dataset's name or command: one of these names
        // typed at the prompt would run the session command instead.
        let sessionWords = Set(SessionCommands.words.map { $0.lowercased() })
        for dataset in datasets {
            let id = dataset.id
            let kebabCase = !id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
            if !kebabCase { problems.append("\(id) is not lower kebab-case") }
            if sessionWords.contains(id.lowercased()) { problems.append("the dataset \(id) is a session command") }
            for command in dataset.commands where sessionWords.contains(command.name.lowercased()) {
                problems.append("the command \(command.name) of \(id) is a session command")
            }
            if dataset.title.isEmpty || dataset.summary.isEmpty {
                problems.append("\(id) has no title or summary for --list")
            }
        }
        return problems
    }

    @Test func everyShippedDatasetIsReachableByItsOwnName() {
        #expect(Self.problems(Self.shipped) == [])
        #expect(Self.shipped.map(\.id).prefix(4) == ["companies", "ticks", "people", "films"])
    }

    @Test func aNameTakenTwiceOrByASessionCommandIsFound() {
        let problems = Self.problems(
            Self.shipped + [Planted(id: "sort"), Planted(id: "films"), Planted(id: "My Data")])
        #expect(problems.contains("the dataset sort is a session command"))
        #expect(problems.contains(#"two datasets or commands are registered as "films""#))
        #expect(problems.contains("My Data is not lower kebab-case"))
    }
}

/// A dataset with nothing but a name, to plant in a registry.
private struct Planted: Dataset {
    let id: String
    var title: String { "planted" }
    var summary: String { "a dataset planted by a test" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        GenericListController(title: id, items: [Entry](), columns: [ListColumn<Entry>.text("name", \.name)])
    }

    struct Entry: Identifiable, Sendable {
        let name: String
        var id: String { name }
    }
}
