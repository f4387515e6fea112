/// The titles of a list's sources as its status line says them: a few by name, many of one
/// kind counted (`loaded 12 months, cached days`, not `loaded 13 sources`).
enum SourceTitles {
    /// Titles grouped by their first word, in order of first appearance: a word with the rest
    /// of each title (`month` → `2026-12`, `2026-11`), or a title of its own.
    private static func groups(_ titles: [String]) -> [(word: String?, titles: [String], rests: [String])] {
        var groups: [(word: String?, titles: [String], rests: [String])] = []
        for title in titles {
            guard let space = title.firstIndex(of: " "), space != title.startIndex else {
                groups.append((nil, [title], []))
                continue
            }
            let word = String(title[..<space])
            let rest = String(title[title.index(after: space)...])
            if let index = groups.firstIndex(where: { $0.word == word }) {
                groups[index].titles.append(title)
                groups[index].rests.append(rest)
            } else {
                groups.append((word, [title], [rest]))
            }
        }
        return groups
    }

    /// What loaded: each title while there are four or fewer, else titles that share a first
    /// word counted as that word's plural (`12 months`).
    static func loaded(_ titles: [String]) -> String {
        guard titles.count > 4 else { return titles.joined(separator: ", ") }
        return groups(titles).map { group in
            guard let word = group.word, group.titles.count > 2 else { return group.titles.joined(separator: ", ") }
            return "\(group.titles.count) \(word)s"
        }.joined(separator: ", ")
    }

    /// What failed: one part per title, or per first word shared by several
    /// (`months 2026-12, 2026-11 failed`).
    static func failed(_ titles: [String]) -> [String] {
        groups(titles).map { group in
            guard let word = group.word, group.titles.count > 1 else {
                return group.titles.joined(separator: ", ") + " failed"
            }
            return "\(word)s " + group.rests.joined(separator: ", ") + " failed"
        }
    }
}
