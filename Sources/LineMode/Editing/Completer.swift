import BrowseSupport
import Foundation
import ListKit

/// Finds what Tab completes at the prompt: a command, then what that command takes, as each
/// command's declaration says.
///
/// ```text
/// op⇥             open
/// fi⇥             films                 a dataset's name opens it
/// open fi⇥        open films            dataset names, then files and folders
/// sort clo⇥       sort close            the current list's columns (any case)
/// sort close d⇥   sort close desc
/// hide na⇥        hide name             each word of hide, show and only ("in the saga" quoted)
/// where cl⇥       where close           a column at the start of each condition
/// where x is m⇥   where x is missing
/// chart clo⇥ by d⇥ chart close by date
/// export j⇥       export json           then a file path: export json ~/out⇥
/// h wh⇥           h where               a command's name
/// market o⇥       market otc            a screen command's own words
/// stock 23⇥       stock 2330            a dataset command's suggestions (codes from the cache)
/// stock 2330 --m⇥ stock 2330 --months   and its options
/// ```
///
/// Words match from their start, without regard to case or width (`ＳＯ` finds `sort`); file
/// names match exactly.
package struct Completer: Sendable {
    /// The front end's commands, as Tab offers them: each one's first name longer than a letter.
    package static var commandWords: [String] { SessionCommands.all.compactMap(\.completionWord) }

    private let home: String?

    /// - Parameter home: The home folder, for paths after `open` that start with `~/`.
    package init(home: String?) {
        self.home = home
    }

    /// What the text before the cursor could be completed to.
    ///
    /// - Parameters:
    ///   - text: The line up to the cursor.
    ///   - context: The current screen's datasets, columns and commands.
    /// - Complexity: O(n) in the number of candidates, plus one folder read for a path.
    package func complete(_ text: String, in context: CompletionContext) -> Completion {
        let characters = Array(text)
        var start = 0
        while start < characters.count, characters[start].isWhitespace { start += 1 }
        var end = start
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        let first = String(characters[start..<end])
        guard end < characters.count else {
            if first.hasPrefix("/") || first.hasPrefix("／") { return .none }
            return Completion(start: start, candidates: Self.matching(Self.firstWords(context), prefix: first))
        }
        var restStart = end
        while restStart < characters.count, characters[restStart].isWhitespace { restStart += 1 }
        let rest = String(characters[restStart...])
        guard let declaration = SessionCommands.declaration(named: first), declaration.form == .word else {
            return completeOthers(TextFolding.fold(first), rest, at: restStart, in: context)
        }
        switch declaration.completion {
        case .nothing:
            return .none
        case .target:
            return completeTarget(rest, at: restStart, in: context)
        case .export:
            guard let space = rest.firstIndex(where: \.isWhitespace) else {
                return Completion(
                    start: restStart, candidates: Self.matching(ExportFormat.allCases.map(\.rawValue), prefix: rest))
            }
            let pathPart = rest[space...].drop(while: \.isWhitespace)
            let pathStart = characters.count - pathPart.count
            return Completion(start: pathStart, candidates: paths(String(pathPart), expandingHome: false))
        case .sortOrder:
            return completeSort(rest, at: restStart, in: context.columns)
        case .column:
            // One column; what follows it is not the command's.
            guard !rest.contains(where: \.isWhitespace) else { return .none }
            return Completion(start: restStart, candidates: Self.quoted(Self.matching(context.columns, prefix: rest)))
        case .condition:
            return completeCondition(rest, at: restStart, in: context.columns)
        case .chart:
            let (wordStart, word) = Self.lastWord(rest, at: restStart)
            let before = CommandParser.words(String(rest.prefix(wordStart - restStart)))
            let by = before.firstIndex { $0.lowercased() == "by" }
            if let by {
                // One column after by, and nothing after it.
                guard by == before.count - 1 else { return Completion(start: wordStart, candidates: []) }
                return Completion(
                    start: wordStart, candidates: Self.quoted(Self.matching(context.columns, prefix: word)))
            }
            let offered = before.count < 2 ? context.columns + ["by"] : ["by"]
            return Completion(start: wordStart, candidates: Self.quoted(Self.matching(offered, prefix: word)))
        case .columns(let besides):
            let (wordStart, word) = Self.lastWord(rest, at: restStart)
            return Completion(
                start: wordStart, candidates: Self.quoted(Self.matching(context.columns + besides, prefix: word)))
        case .command:
            guard !rest.contains(where: \.isWhitespace) else { return .none }
            let words =
                Self.commandWords + context.screenCommands.map(\.name) + context.datasetCommands.map(\.name)
            return Completion(start: restStart, candidates: Self.matching(words, prefix: rest))
        }
    }

    /// The first word of a line: a command of the session, of the screen or of a dataset, or a
    /// dataset's name (which opens it).
    private static func firstWords(_ context: CompletionContext) -> [String] {
        commandWords + context.screenCommands.map(\.name) + context.datasetCommands.map(\.name) + context.datasets
    }

    /// After a screen's or a dataset's command.
    private func completeOthers(
        _ command: String, _ rest: String, at restStart: Int, in context: CompletionContext
    ) -> Completion {
        if let screenCommand = context.screenCommands.first(where: { TextFolding.fold($0.name) == command }) {
            let (wordStart, word) = Self.lastListItem(rest, at: restStart)
            return Completion(start: wordStart, candidates: Self.matching(screenCommand.arguments, prefix: word))
        }
        guard let datasetCommand = context.datasetCommands.first(where: { TextFolding.fold($0.name) == command })
        else { return .none }
        let (wordStart, word) = Self.lastWord(rest, at: restStart)
        let before = CommandParser.words(String(rest.prefix(wordStart - restStart)))
        if let option = Self.optionAwaitingValue(before, among: datasetCommand.options) {
            return Completion(start: wordStart, candidates: values(of: option, prefix: word))
        }
        if word.hasPrefix("-") {
            return Completion(start: wordStart, candidates: Self.matching(datasetCommand.arguments, prefix: word))
        }
        // The first word that is not an option (`stock 23⇥`): the command's suggestions.
        let positionals = Self.positionals(before, among: datasetCommand.options)
        guard positionals == 0, let suggest = datasetCommand.suggestions else {
            return Completion(start: wordStart, candidates: [])
        }
        return Completion(start: wordStart, candidates: Self.matching(suggest(), prefix: word))
    }

    /// After `open`: a dataset's name, files and folders; the options it takes and their values.
    private func completeTarget(_ rest: String, at restStart: Int, in context: CompletionContext) -> Completion {
        if !context.targetOptions.isEmpty {
            let (wordStart, word) = Self.lastWord(rest, at: restStart)
            let before = CommandParser.words(String(rest.prefix(wordStart - restStart)))
            if let option = Self.optionAwaitingValue(before, among: context.targetOptions) {
                return Completion(start: wordStart, candidates: values(of: option, prefix: word))
            }
            if word.hasPrefix("--"), !before.isEmpty {
                let names = context.targetOptions.map { "--" + $0.name }
                return Completion(start: wordStart, candidates: Self.matching(names, prefix: word))
            }
        }
        var candidates: [Completion.Candidate] = []
        if !rest.contains("/") { candidates = Self.matching(context.datasets, prefix: rest) }
        candidates += paths(rest, expandingHome: true)
        return Completion(start: restStart, candidates: Self.unique(candidates))
    }

    /// What a value of `option` could be: its words, or files and folders.
    private func values(of option: OptionDeclaration, prefix: String) -> [Completion.Candidate] {
        switch option.kind {
        case .choice(let words): return Self.matching(words, prefix: prefix)
        case .file, .folder: return paths(prefix, expandingHome: true)
        default: return []
        }
    }

    /// The option among `options` whose value comes next, after `words`.
    private static func optionAwaitingValue(_ words: [String], among options: [OptionDeclaration])
        -> OptionDeclaration?
    {
        guard let last = words.last, last.hasPrefix("--"), !last.contains("=") else { return nil }
        return options.first { "--" + $0.name == last && $0.takesValue }
    }

    /// How many of `words` are not options nor their values.
    private static func positionals(_ words: [String], among options: [OptionDeclaration]) -> Int {
        var count = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") else {
                count += 1
                continue
            }
            if !word.contains("="), options.contains(where: { "--" + $0.name == word && $0.takesValue }) { index += 1 }
        }
        return count
    }

    /// Inside `where`: a column at the start of each condition (after `and`, `or`, `not` or a
    /// parenthesis), `missing` or `not` after `is`, `missing` after `is not`.
    private func completeCondition(_ rest: String, at restStart: Int, in columns: [String]) -> Completion {
        var wordStart = 0
        var quoted = false
        for (offset, character) in rest.enumerated() {
            if character == "\"" {
                if !quoted { wordStart = offset }
                quoted.toggle()
            } else if !quoted, character.isWhitespace || "()".contains(character) {
                wordStart = offset + 1
            }
        }
        let word = String(rest.dropFirst(wordStart))
        let typed = word.hasPrefix("\"") ? String(word.dropFirst()) : word
        let before = Self.conditionWords(String(rest.prefix(wordStart)))
        let previous = before.last?.lowercased()
        let start = restStart + wordStart
        switch previous {
        case nil, "and", "or", "not", "(":
            if previous == "not", before.dropLast().last?.lowercased() == "is" {
                return Completion(start: start, candidates: Self.matching(["missing"], prefix: typed))
            }
            return Completion(start: start, candidates: Self.quoted(Self.matching(columns, prefix: typed)))
        case "is":
            return Completion(start: start, candidates: Self.matching(["missing", "not"], prefix: typed))
        default:
            return Completion(start: start, candidates: [])
        }
    }

    /// The words and parentheses of a condition, quoted text as one word.
    private static func conditionWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        func finish() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in text {
            if character == "\"" {
                quoted.toggle()
                current.append(character)
            } else if !quoted, character.isWhitespace {
                finish()
            } else if !quoted, "()".contains(character) {
                finish()
                words.append(String(character))
            } else {
                current.append(character)
            }
        }
        finish()
        return words
    }

    /// Candidates with a space in them, in double quotes: one word to the parser.
    private static func quoted(_ candidates: [Completion.Candidate]) -> [Completion.Candidate] {
        candidates.map { candidate in
            guard candidate.text.contains(where: \.isWhitespace) else { return candidate }
            return Completion.Candidate("\"\(candidate.text)\"", label: candidate.text)
        }
    }

    /// A column after `sort` (its whole name, spaces and all), then `asc` or `desc`.
    private func completeSort(_ rest: String, at restStart: Int, in columns: [String]) -> Completion {
        let found = Self.matching(columns, prefix: rest)
        if !found.isEmpty { return Completion(start: restStart, candidates: found) }
        // A whole column and a space: the direction comes next.
        let folded = TextFolding.fold(rest)
        for column in columns.sorted(by: { $0.count > $1.count })
        where folded.hasPrefix(TextFolding.fold(column) + " ") {
            let direction = rest.dropFirst(column.count).drop(while: \.isWhitespace)
            return Completion(
                start: restStart + rest.count - direction.count,
                candidates: Self.matching(["asc", "desc"], prefix: String(direction)))
        }
        return Completion(start: restStart, candidates: [])
    }

    /// The word being typed among space-separated words, a double quote opening one that may
    /// hold spaces (as `CommandParser.words` reads them): where it starts, and its text
    /// without the quote.
    private static func lastWord(_ rest: String, at restStart: Int) -> (Int, String) {
        var start = 0
        var quoted = false
        for (offset, character) in rest.enumerated() {
            if character == "\"" {
                if !quoted { start = offset }
                quoted.toggle()
            } else if character.isWhitespace, !quoted {
                start = offset + 1
            }
        }
        let word = rest.dropFirst(start)
        return (restStart + start, word.hasPrefix("\"") ? String(word.dropFirst()) : String(word))
    }

    /// Files and folders whose path starts with `typed`; folders end with `/` and go on.
    private func paths(_ typed: String, expandingHome: Bool) -> [Completion.Candidate] {
        let lowered = typed.lowercased()
        guard !lowered.hasPrefix("http://"), !lowered.hasPrefix("https://") else { return [] }
        let folderPart: String
        let namePrefix: String
        if let slash = typed.lastIndex(of: "/") {
            folderPart = String(typed[...slash])
            namePrefix = String(typed[typed.index(after: slash)...])
        } else {
            folderPart = ""
            namePrefix = typed
        }
        var folder = folderPart.isEmpty ? "." : folderPart
        if expandingHome, folder.hasPrefix("~/"), let home { folder = home + folder.dropFirst() }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return
            names
            .filter { name in name.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !name.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isFolder: ObjCBool = false
                let full = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                let suffix = isFolder.boolValue ? "/" : ""
                return Completion.Candidate(
                    folderPart + name + suffix, isWhole: !isFolder.boolValue, label: name + suffix)
            }
    }

    /// The words that start with `prefix`, folded, sorted and without repeats.
    static func matching(_ words: [String], prefix: String) -> [Completion.Candidate] {
        let folded = TextFolding.fold(prefix)
        let found = words.filter { TextFolding.fold($0).hasPrefix(folded) }
        return unique(found.sorted().map { Completion.Candidate($0) })
    }

    private static func unique(_ candidates: [Completion.Candidate]) -> [Completion.Candidate] {
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.text).inserted }
    }

    /// The item being typed in a comma-separated list (`market listed,o`): where it starts, and
    /// its text.
    private static func lastListItem(_ rest: String, at restStart: Int) -> (Int, String) {
        guard let comma = rest.lastIndex(of: ",") else { return (restStart, rest) }
        let item = rest[rest.index(after: comma)...].drop(while: \.isWhitespace)
        return (restStart + rest.count - item.count, String(item))
    }
}
