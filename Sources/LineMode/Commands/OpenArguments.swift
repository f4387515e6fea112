import ListKit

/// What follows `open`: a name (which may hold spaces) and the options the command line
/// takes for it (`open prices.csv --encoding big5 --delimiter ;`).
struct OpenArguments: Sendable, Hashable {
    /// The dataset name, path or URL.
    var name: String
    /// Declared options given after the name, by name without dashes, each checked by its
    /// declaration.
    var options: OptionValues

    /// Splits `text` into the name and the declared options in it. A word that starts with
    /// `--` is an option only when it is declared; anything else belongs to the name.
    ///
    /// - Throws: `UsageError.missingValue` when an option that takes a value ends the line,
    ///   `.badValue` when a value does not fit its declaration.
    static func parse(_ text: String, declared: [OptionDeclaration]) throws(UsageError) -> OpenArguments {
        var nameWords: [Substring] = []
        var options: OptionValues = [:]
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            var optionName = word.dropFirst(2)
            var inline: Substring?
            if let equals = optionName.firstIndex(of: "=") {
                inline = optionName[optionName.index(after: equals)...]
                optionName = optionName[..<equals]
            }
            guard word.hasPrefix("--"), let option = declared.first(where: { $0.name == optionName }) else {
                nameWords.append(word)
                continue
            }
            if !option.takesValue {
                options[option.name] = "true"
            } else if let inline {
                options[option.name] = String(inline)
            } else {
                // The value is the next word that is not empty.
                while index < words.count, words[index].isEmpty { index += 1 }
                guard index < words.count else { throw .missingValue("--" + option.name) }
                options[option.name] = String(words[index])
                index += 1
            }
            if let value = options[option.name] { try ParsedArguments.check(value, of: option) }
        }
        while nameWords.last?.isEmpty == true { nameWords.removeLast() }
        return OpenArguments(name: nameWords.joined(separator: " "), options: options)
    }
}
