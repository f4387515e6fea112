import Foundation

/// What the prompt does with each key, without a terminal: editing, history, search and
/// completion. `LineEditor` reads the keys and draws what this decides.
///
/// ```text
/// ↑ ↓  Ctrl-P Ctrl-N   walk the history (what was typed comes back below the newest)
/// Ctrl-R               search the history backwards as you type; Ctrl-R again for older
/// Tab                  complete; a second Tab lists what could follow
/// Ctrl-C               give up the line     Ctrl-D  quit on an empty line
/// ```
package struct EditorState {
    /// The line as it is now (during a search, the command found).
    package private(set) var buffer = EditBuffer()
    /// The search under way (Ctrl-R), if any.
    package private(set) var search: HistorySearch?

    private var history: [String]
    /// The history entry shown; `history.count` is the line being typed.
    private var historyIndex: Int
    /// The line being typed, kept while older commands are shown.
    private var draft = EditBuffer()
    private var lastKeyWasTab = false
    private var lastSearchQuery = ""
    private let complete: (String) -> Completion

    /// What the editor should do after a key.
    package enum Action: Sendable, Equatable {
        /// Draw the line again.
        case redraw
        /// The line is finished: run it.
        case accept(String)
        /// Ctrl-D on an empty line: no more commands.
        case endOfInput
        /// Ctrl-C: drop the line and start a fresh one.
        case interrupt
        /// Ctrl-Z: stop the program until it is continued.
        case suspend
        /// Ctrl-L: clear the screen and draw the line at the top.
        case clearScreen
        /// Show these candidates under the line, then draw it again.
        case list([String])
        /// Nothing to do for that key: ring the bell.
        case bell
        /// Nothing changed.
        case unchanged
    }

    /// A Ctrl-R search: the text looked for and where it was found.
    package struct HistorySearch: Sendable, Equatable {
        /// What is looked for.
        package var query: String
        /// The history entry found, if any.
        package var match: Int?
        /// True when nothing older holds the query.
        package var failed: Bool
        /// The line as it was before the search, for Ctrl-G.
        var original: EditBuffer
    }

    /// A state for one line.
    ///
    /// - Parameters:
    ///   - history: Earlier commands, oldest first.
    ///   - complete: What Tab offers for the text before the cursor.
    package init(history: [String], complete: @escaping (String) -> Completion) {
        self.history = history
        self.historyIndex = history.count
        self.complete = complete
    }

    /// The prompt to show before the line.
    package var prompt: String {
        guard let search else { return "> " }
        return "(\(search.failed ? "failed " : "")reverse-i-search)'\(search.query)': "
    }

    /// Handles one key.
    package mutating func handle(_ key: Key) -> Action {
        defer {
            if case .tab = key {} else { lastKeyWasTab = false }
        }
        if search != nil {
            if let action = handleSearch(key) { return action }
        }
        switch key {
        case .text(let text), .paste(let text):
            buffer.insert(text)
        case .enter:
            return .accept(buffer.text)
        case .tab:
            let action = completeAtCursor()
            lastKeyWasTab = true
            return action
        case .backspace, .control("h"):
            guard buffer.deleteBackward() else { return .unchanged }
        case .altBackspace:
            buffer.killWordBackward()
        case .delete:
            guard buffer.deleteForward() else { return .unchanged }
        case .left, .control("b"):
            buffer.moveLeft()
        case .right, .control("f"):
            buffer.moveRight()
        case .home, .control("a"):
            buffer.moveToStart()
        case .end, .control("e"):
            buffer.moveToEnd()
        case .wordLeft, .alt("b"), .alt("B"):
            buffer.moveWordLeft()
        case .wordRight, .alt("f"), .alt("F"):
            buffer.moveWordRight()
        case .alt("d"), .alt("D"):
            buffer.killWordForward()
        case .control("k"):
            buffer.killToEnd()
        case .control("u"):
            buffer.killToStart()
        case .control("w"):
            buffer.killWhitespaceWordBackward()
        case .control("y"):
            buffer.yank()
        case .up, .control("p"):
            return showHistory(at: historyIndex - 1)
        case .down, .control("n"):
            return showHistory(at: historyIndex + 1)
        case .control("r"):
            search = HistorySearch(query: "", match: nil, failed: false, original: buffer)
        case .control("l"):
            return .clearScreen
        case .control("c"):
            return .interrupt
        case .control("d"):
            if buffer.isEmpty { return .endOfInput }
            guard buffer.deleteForward() else { return .unchanged }
        case .control("z"):
            return .suspend
        default:
            return .unchanged
        }
        return .redraw
    }

    // MARK: - History

    private mutating func showHistory(at index: Int) -> Action {
        guard index >= 0, index <= history.count else { return .bell }
        if historyIndex == history.count { draft = buffer }
        historyIndex = index
        if index == history.count {
            buffer = draft
        } else {
            buffer.replace(with: history[index])
        }
        return .redraw
    }

    /// A key during a search; nil when the key ends the search and is then handled as usual.
    private mutating func handleSearch(_ key: Key) -> Action? {
        guard var current = search else { return nil }
        switch key {
        case .text(let text), .paste(let text):
            current.query += EditBuffer.typeable(text)
            return find(current, from: current.match ?? history.count - 1)
        case .backspace, .control("h"):
            guard !current.query.isEmpty else { return .unchanged }
            current.query.removeLast()
            if current.query.isEmpty {
                current.failed = false
                search = current
                return .redraw
            }
            return find(current, from: history.count - 1)
        case .control("r"):
            if current.query.isEmpty { current.query = lastSearchQuery }
            guard !current.query.isEmpty else { return .unchanged }
            return find(current, from: (current.match ?? history.count) - 1)
        case .control("g"), .escape:
            buffer = current.original
            search = nil
            return .redraw
        case .enter:
            search = nil
            return .accept(buffer.text)
        case .control("c"):
            search = nil
            return .interrupt
        default:
            // Any other key keeps what was found and does its usual work on it.
            search = nil
            if let match = current.match { historyIndex = match }
            return nil
        }
    }

    /// Looks for `search.query` in the history from `start` back to the oldest.
    private mutating func find(_ found: HistorySearch, from start: Int) -> Action {
        var current = found
        lastSearchQuery = current.query
        var index = min(start, history.count - 1)
        while index >= 0 {
            let entry = history[index]
            if let range = entry.range(of: current.query, options: [.caseInsensitive, .widthInsensitive]) {
                current.match = index
                current.failed = false
                search = current
                buffer.replace(with: entry)
                buffer.move(to: entry.distance(from: entry.startIndex, to: range.lowerBound))
                return .redraw
            }
            index -= 1
        }
        current.failed = true
        search = current
        return .bell
    }

    // MARK: - Completion

    private mutating func completeAtCursor() -> Action {
        let completion = complete(buffer.textBeforeCursor)
        let candidates = completion.candidates
        let range = min(completion.start, buffer.cursor)..<buffer.cursor
        let typed = String(buffer.characters[range])
        guard let first = candidates.first else { return .bell }
        if candidates.count == 1 {
            let atSpace = buffer.cursor < buffer.characters.count && buffer.characters[buffer.cursor] == " "
            buffer.replace(range, with: first.text + (first.isWhole && !atSpace ? " " : ""))
            if first.isWhole, atSpace { buffer.moveRight() }
            return .redraw
        }
        let shared = candidates.dropFirst().reduce(first.text) { prefix, candidate in
            String(zip(prefix, candidate.text).prefix { $0 == $1 }.map(\.0))
        }
        if shared.count > typed.count {
            buffer.replace(range, with: shared)
            return .redraw
        }
        return lastKeyWasTab ? .list(candidates.map(\.label)) : .bell
    }
}
