/// The nearest of some words to a misspelt one, for "did you mean" in messages.
enum Suggestion {
    /// The candidate closest to `word` by edit distance (without case), when it is close
    /// enough to be a slip: at most a third of the word's length, and at least one edit.
    ///
    /// - Complexity: O(c · n · m) for c candidates of length m and a word of length n.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best, distance <= max(1, lowered.count / 3) else { return nil }
        return candidate
    }

    static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        for (i, a) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, b) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
