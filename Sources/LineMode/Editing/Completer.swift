import BrowseSupport
import Foundation
import ListKit

/// Finds what Tab completes at the prompt: a command, then what that command takes.
///
/// ```text
/// op⇥            open
/// open fi⇥       open films            dataset names, then files and folders
/// sort clo⇥      sort close            the current list's columns (any case)
/// sort close d⇥  sort close desc
/// hide na⇥       hide name             each word of hide, show and only ("in the saga" quoted)
/// export j⇥      export json           then a file path: export json ~/out⇥
/// market o⇥      market otc            a screen command's own words
/// stock 2330 --m⇥ stock 2330 --months  a dataset command's options
/// ```
///
/// Words match from their start, without regard to case or width (`ＳＯ` finds `sort`); file
/// names match exactly.
public struct Completer: Sendable {
    /// The front end's commands, as Tab offers them (the short forms `n`, `p`, `b`, `q` need none).
    public static let commandWords = [
        "back", "cols", "export", "freq", "help", "hide", "home", "ls", "next", "only", "open", "page", "prev", "quit",
        "refresh", "show", "sort", "stats", "where",
    ]
    /// Commands that take column names, one word each (`hide`, `show`, `only`).
    static let columnListCommands: Set<String> = ["hide", "show", "only"]

    private let home: String?

    /// - Parameter home: The home folder, for paths after `open` that start with `~/`.
    public init(home: String?) {
        self.home = home
    }

    /// What the text before the cursor could be completed to.
    ///
    /// - Parameters:
    ///   - text: The line up to the cursor.
    ///   - context: The current screen's datasets, columns and commands.
    /// - Complexity: O(n) in the number of candidates, plus one folder read for a path.
    public func complete(_ text: String, in context: CompletionContext) -> Completion {
        let characters = Array(text)
        var start = 0
        while start < characters.count, characters[start].isWhitespace { start += 1 }
        var end = start
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        let first = String(characters[start..<end])
        guard end < characters.count else {
            if first.hasPrefix("/") || first.hasPrefix("／") { return .none }
            let words = Self.commandWords + context.screenCommands.map(\.name) + context.datasetCommands.map(\.name)
            return Completion(start: start, candidates: Self.matching(words, prefix: first))
        }
        var restStart = end
        while restStart < characters.count, characters[restStart].isWhitespace { restStart += 1 }
        let rest = String(characters[restStart...])
        let command = TextFolding.fold(first)
        switch command {
        case "open", "o":
            var candidates: [Completion.Candidate] = []
            if !rest.contains("/") { candidates = Self.matching(context.datasets, prefix: rest) }
            candidates += paths(rest, expandingHome: true)
            return Completion(start: restStart, candidates: Self.unique(candidates))
        case "export", "e":
            guard let space = rest.firstIndex(where: \.isWhitespace) else {
                return Completion(
                    start: restStart, candidates: Self.matching(ExportFormat.allCases.map(\.rawValue), prefix: rest))
            }
            let pathPart = rest[space...].drop(while: \.isWhitespace)
            let pathStart = characters.count - pathPart.count
            return Completion(start: pathStart, candidates: paths(String(pathPart), expandingHome: false))
        case "sort":
            return completeSort(rest, at: restStart, in: context.columns)
        case "freq", "where":
            // The column first; after it, the rest of a where expression is the person's.
            guard !rest.contains(where: \.isWhitespace) else { return .none }
            let candidates = Self.matching(context.columns, prefix: rest).map { candidate in
                guard candidate.text.contains(where: \.isWhitespace) else { return candidate }
                return Completion.Candidate("\"\(candidate.text)\"", label: candidate.text)
            }
            return Completion(start: restStart, candidates: candidates)
        case _ where Self.columnListCommands.contains(command):
            let (wordStart, word) = Self.lastWord(rest, at: restStart)
            let words = command == "show" ? context.columns + ["all"] : context.columns
            let candidates = Self.matching(words, prefix: word).map { candidate in
                // A name with a space in it is one word in double quotes.
                guard candidate.text.contains(where: \.isWhitespace) else { return candidate }
                return Completion.Candidate("\"\(candidate.text)\"", label: candidate.text)
            }
            return Completion(start: wordStart, candidates: candidates)
        default:
            if let screenCommand = context.screenCommands.first(where: { TextFolding.fold($0.name) == command }) {
                let (wordStart, word) = Self.lastListItem(rest, at: restStart)
                return Completion(start: wordStart, candidates: Self.matching(screenCommand.arguments, prefix: word))
            }
            // A dataset command's options (`stock 2330 --mo⇥`); its other words are free.
            guard let datasetCommand = context.datasetCommands.first(where: { TextFolding.fold($0.name) == command })
            else { return .none }
            let (wordStart, word) = Self.lastWord(rest, at: restStart)
            guard word.hasPrefix("-") else { return Completion(start: wordStart, candidates: []) }
            return Completion(start: wordStart, candidates: Self.matching(datasetCommand.arguments, prefix: word))
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
