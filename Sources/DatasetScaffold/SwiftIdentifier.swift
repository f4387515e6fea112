/// Turns column names into Swift property names.
///
/// Letters of any script are kept (`成交股數` stays `成交股數`, a valid Swift identifier);
/// other characters split words, which are joined in lowerCamelCase (`Trade Volume` →
/// `tradeVolume`); a leading digit gets an underscore (`2nd col` → `_2ndCol`); keywords are
/// escaped with backticks (`class` → `` `class` ``); repeats get a number (`name`, `name2`).
package enum SwiftIdentifier {
    /// Property names for `columns`, in order, unique.
    package static func properties(for columns: [String]) -> [String] {
        var used: Set<String> = ["id"]
        return columns.map { column in
            let base = property(for: column)
            var candidate = base
            var number = 2
            while used.contains(candidate.trimmingBackticks) {
                candidate = base.trimmingBackticks + String(number)
                number += 1
            }
            used.insert(candidate.trimmingBackticks)
            return candidate
        }
    }

    /// One property name (not yet unique).
    package static func property(for column: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in column.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return "column" }
        var name = words[0].prefix(1).lowercased() + words[0].dropFirst()
        for word in words.dropFirst() {
            name += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        if keywords.contains(name) { name = "`\(name)`" }
        return name
    }

    /// A Swift string literal for `text`, escaped.
    package static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "some", "any", "consume", "copy", "borrowing", "consuming", "Type", "Protocol",
    ]
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
