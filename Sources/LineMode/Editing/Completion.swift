import ListKit

/// What Tab can offer on the current screen; the session fills it in before each line.
package struct CompletionContext: Sendable, Hashable {
    /// The ids of the datasets (`open NAME`).
    package var datasets: [String]
    /// The current list's column names (`sort`, `hide`, `show`, `only`, `cols`); empty on a detail.
    package var columns: [String]
    /// The current screen's own commands, with the words each takes (`market otc`).
    package var screenCommands: [ScreenCommand]
    /// The datasets' commands, usable on any screen (`stock`), with the options each takes.
    package var datasetCommands: [ScreenCommand]
    /// The options `open NAME` takes (the datasets' and the file opener's).
    package var targetOptions: [OptionDeclaration] = []

    /// A command a screen adds, and the argument words Tab offers after it.
    package struct ScreenCommand: Sendable, Hashable {
        package var name: String
        package var arguments: [String]
        /// The options a dataset's command takes, with their kinds (their values complete too).
        package var options: [OptionDeclaration] = []
        /// The values of its first word that is not an option (`2330` after `stock`), asked for
        /// only when Tab is pressed there.
        package var suggestions: (@Sendable () -> [String])?

        package init(name: String, arguments: [String] = []) {
            self.name = name
            self.arguments = arguments
        }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.arguments == rhs.arguments && lhs.options == rhs.options
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(arguments)
        }
    }

    package init(
        datasets: [String] = [], columns: [String] = [], screenCommands: [ScreenCommand] = [],
        datasetCommands: [ScreenCommand] = []
    ) {
        self.datasets = datasets
        self.columns = columns
        self.screenCommands = screenCommands
        self.datasetCommands = datasetCommands
    }
}

/// What Tab found for the text before the cursor.
package struct Completion: Sendable, Hashable {
    /// Where the text being completed starts, in characters from the start of the line.
    package var start: Int
    /// What it could become, sorted, without repeats.
    package var candidates: [Candidate]

    /// One thing the text could become.
    package struct Candidate: Sendable, Hashable {
        /// The text that replaces what was typed.
        package var text: String
        /// Whether the word is whole, so a space follows it (false for a folder, which goes on).
        package var isWhole: Bool
        /// How it is shown in a list of candidates (a path's last part).
        package var label: String

        package init(_ text: String, isWhole: Bool = true, label: String? = nil) {
            self.text = text
            self.isWhole = isWhole
            self.label = label ?? text
        }
    }

    package init(start: Int, candidates: [Candidate]) {
        self.start = start
        self.candidates = candidates
    }

    /// Nothing to offer.
    package static let none = Completion(start: 0, candidates: [])
}

extension CompletionContext {
    /// What Tab offers on the screen at the top of `stack`: the registry's datasets and their
    /// commands, and the list's columns and own commands (none on a detail).
    ///
    /// - Parameters:
    ///   - context: What a dataset command's suggestions read (the cache); `nil` offers none.
    ///   - targetOptions: The options `open NAME` takes.
    @MainActor
    package static func current(
        stack: NavigationStack, registry: DatasetRegistry, context datasetContext: DatasetContext? = nil,
        targetOptions: [OptionDeclaration] = []
    ) -> CompletionContext {
        var context = CompletionContext(datasets: registry.ids)
        context.targetOptions = targetOptions
        context.datasetCommands = registry.commands.map { command in
            let options = registry.options(of: command)
            var entry = ScreenCommand(name: command.name, arguments: options.map { "--" + $0.name })
            entry.options = options
            if let datasetContext, let suggest = command.arguments.first?.suggestions {
                entry.suggestions = { suggest(datasetContext) }
            }
            return entry
        }
        if case .list(let list) = stack.top {
            context.columns = list.columnNames
            context.screenCommands = list.commands.map { ScreenCommand(name: $0.name, arguments: $0.arguments) }
        }
        return context
    }
}
