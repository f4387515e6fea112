import BrowseSupport

/// The datasets a program offers, in the order it lists them.
public struct DatasetRegistry: Sendable {
    public let datasets: [any Dataset]

    /// A registry of `datasets`.
    ///
    /// - Throws: `RegistryError.duplicateID` when two datasets share an id, or a command shares
    ///   its name with a dataset or another command.
    /// A registry of no datasets (a program that starts in one screen).
    public init() {
        self.datasets = []
    }

    public init(_ datasets: [any Dataset]) throws(RegistryError) {
        var seen = Set<String>()
        for name in datasets.flatMap({ [$0.id] + $0.aliases }) where !seen.insert(name.lowercased()).inserted {
            throw .duplicateID(name)
        }
        for command in datasets.flatMap(\.commands) where !seen.insert(command.name.lowercased()).inserted {
            throw .duplicateID(command.name)
        }
        self.datasets = datasets
    }

    /// The ids, in order.
    package var ids: [String] { datasets.map(\.id) }

    /// Every dataset's commands, in the order the datasets are registered.
    package var commands: [DatasetCommand] { datasets.flatMap(\.commands) }

    /// Every command the datasets' screens add, each word once, in the order the datasets are
    /// registered.
    package var screenCommands: [ListCommandDeclaration] {
        var seen = Set<String>()
        return datasets.flatMap(\.screenCommands).filter { seen.insert($0.name.lowercased()).inserted }
    }

    /// The dataset that offers `command`.
    package func dataset(offering command: DatasetCommand) -> (any Dataset)? {
        let wanted = command.name.lowercased()
        return datasets.first { $0.commands.contains { $0.name.lowercased() == wanted } }
    }

    /// The options `command` accepts: its own, then its dataset's, each name once. A dataset
    /// and its commands share the dataset's options, so `readings 466920 --server URL` works
    /// where `weather --server URL` does.
    package func options(of command: DatasetCommand) -> [OptionDeclaration] {
        var seen = Set<String>()
        let all = command.options + (dataset(offering: command)?.options ?? [])
        return all.filter { seen.insert($0.name).inserted }
    }

    /// The command whose name is `name`, compared without case.
    package func command(named name: String) -> DatasetCommand? {
        let wanted = name.lowercased()
        return commands.first { $0.name.lowercased() == wanted }
    }

    /// The dataset whose id or one of whose aliases is `name`, compared without case.
    package func dataset(named name: String) -> (any Dataset)? {
        let wanted = name.lowercased()
        return datasets.first { $0.id.lowercased() == wanted }
            ?? datasets.first { $0.aliases.contains { $0.lowercased() == wanted } }
    }

    /// The root screen: the datasets, listed with the same generic controller as any data.
    @MainActor
    package func rootScreen(context: DatasetContext) -> GenericListController<DatasetEntry, ColumnsRow> {
        let entries = datasets.map { DatasetEntry(dataset: $0) }
        let columns = [
            Column("name", kind: .code, priority: 10, isPinnedByDefault: true),
            Column("title", priority: 5, minimumWidth: 12),
            Column("summary", priority: 1, minimumWidth: 12),
        ]
        return GenericListController(title: "datasets", items: entries, columns: columns) { row, entry in
            row["name"] = .text(entry.dataset.listMark.map { "\(entry.id) \($0)" } ?? entry.id)
            row["title"] = .text(entry.dataset.title)
            row["summary"] = .text(entry.dataset.summary)
        } select: { entry in
            .push(try entry.dataset.makeRootScreen(context: context))
        }
    }
}

/// A dataset as an item of the root list.
package struct DatasetEntry: Identifiable, Sendable {
    package let dataset: any Dataset
    package var id: String { dataset.id }
}

/// Why a registry could not be made.
public enum RegistryError: UserFacingError, Hashable {
    case duplicateID(String)

    public var description: String {
        switch self {
        case .duplicateID(let id): return "two datasets or commands are registered as \"\(id)\""
        }
    }
}
