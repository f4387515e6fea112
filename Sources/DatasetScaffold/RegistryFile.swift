/// The one file where scaffolded datasets are registered: the lines between two markers.
///
/// ```swift
/// package static let all: [any Dataset] = [
///     // new-dataset: begin
///     WeatherDataset(),
///     // new-dataset: end
/// ]
/// ```
package struct RegistryFile: Sendable, Hashable {
    package static let begin = "// new-dataset: begin"
    package static let end = "// new-dataset: end"

    package let text: String

    package init(text: String) {
        self.text = text
    }

    /// The type names registered between the markers (`WeatherDataset`).
    package var registered: [String] {
        guard let (lines, range) = markedRange() else { return [] }
        return lines[range].compactMap { line in
            let trimmed = line.trimmingCharacters(in: " ")
            guard trimmed.hasSuffix("(),") else { return nil }
            return String(trimmed.dropLast(3))
        }
    }

    /// The file with `typeName()` added before the end marker, indented like the marker.
    ///
    /// - Throws: `ScaffoldError.noRegistry` when the markers are missing.
    package func adding(_ typeName: String, path: String) throws(ScaffoldError) -> String {
        guard let (lines, range) = markedRange() else { throw .noRegistry(path) }
        let endLine = lines[range.upperBound]
        let indent = String(endLine.prefix { $0 == " " })
        var result = lines
        result.insert(indent + typeName + "(),", at: range.upperBound)
        return result.joined(separator: "\n")
    }

    /// The lines, and the range strictly between the markers.
    private func markedRange() -> ([String], Range<Int>)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: " ") == Self.begin }),
            let end = lines.firstIndex(where: { $0.trimmingCharacters(in: " ") == Self.end }), begin < end
        else { return nil }
        return (lines, (begin + 1)..<end)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var start = startIndex
        var end = endIndex
        while start < end, set.contains(self[start]) { start = index(after: start) }
        while end > start, set.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
