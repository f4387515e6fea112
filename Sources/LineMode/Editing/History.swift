/// The commands typed at the prompt, oldest first, as ↑ and Ctrl-R walk them.
///
/// Blank lines are not kept, nor a command equal to the one before it, and only the newest
/// `limit` are.
package struct History: Sendable, Equatable {
    /// The most commands kept.
    package static let limit = 1_000

    /// The commands, oldest first.
    package private(set) var entries: [String] = []

    /// A history of `entries`, with the rules applied (blank lines and repeats dropped, the
    /// newest `limit` kept).
    ///
    /// - Complexity: O(n) in the number of entries.
    package init(_ entries: [String] = []) {
        for entry in entries {
            guard entry.contains(where: { !$0.isWhitespace }), entry != self.entries.last else { continue }
            self.entries.append(entry)
            // Dropped in batches, so a file of millions of lines costs O(n), not O(n × limit).
            if self.entries.count >= 2 * Self.limit { self.entries.removeFirst(self.entries.count - Self.limit) }
        }
        if self.entries.count > Self.limit { self.entries.removeFirst(self.entries.count - Self.limit) }
    }

    /// Adds a command, dropping the oldest when there are more than `limit`.
    ///
    /// - Returns: False when it was not kept: blank, or the same as the newest entry.
    /// - Complexity: O(`limit`) at worst.
    @discardableResult
    package mutating func add(_ line: String) -> Bool {
        guard line.contains(where: { !$0.isWhitespace }), line != entries.last else { return false }
        entries.append(line)
        if entries.count > Self.limit {
            entries.removeFirst(entries.count - Self.limit)
        }
        return true
    }
}
