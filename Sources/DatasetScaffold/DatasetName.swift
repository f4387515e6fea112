/// A dataset's name as a developer gives it (`Weather`), with the names derived from it: the
/// Swift type prefix (`Weather`) and the id users type (`weather`, `otc-companies`).
package struct DatasetName: Sendable, Hashable {
    /// The type prefix: `WeatherDataset`, `WeatherRecord`.
    package let typeName: String
    /// The id in lower kebab-case: `Weather` → `weather`, `OtcCompanies` → `otc-companies`.
    package let id: String

    /// Validates `text` as a dataset name.
    ///
    /// - Throws: `ScaffoldError.badName` when it is not an identifier starting with an ASCII letter.
    package init(_ text: String) throws(ScaffoldError) {
        guard let first = text.unicodeScalars.first else { throw .badName(text, reason: "it is empty") }
        guard ("A"..."Z").contains(first) || ("a"..."z").contains(first) else {
            throw .badName(text, reason: "it must start with a letter")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { throw .badName(text, reason: "only ASCII letters and digits are allowed") }
        guard text.count <= 60 else { throw .badName(text, reason: "it is longer than 60 characters") }
        typeName = text.prefix(1).uppercased() + text.dropFirst()
        id = Self.kebabCase(typeName)
    }

    /// `OtcCompanies` → `otc-companies`, `HTTPLogs` → `http-logs`, `Weather2` → `weather2`.
    static func kebabCase(_ name: String) -> String {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (!(characters[index - 1].isUppercase) || (next?.isLowercase ?? false))
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }.joined(separator: "-")
    }
}
