import Foundation

/// Text with `{COL}` holes filled from a chosen row (`證券代號 = {公司代號}`,
/// `https://example.com/history?code={code}`). `{{` and `}}` are literal braces.
struct RowTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case text(String)
        case column(String)
    }

    let parts: [Part]

    /// Reads `text`.
    ///
    /// - Throws: `TemplateError` for a `{` without its `}` or an empty `{}`, with the
    ///   character where it starts.
    init(_ text: String) throws(TemplateError) {
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        var position = 1
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
                position += 2
                continue
            }
            if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
                position += 2
                continue
            }
            if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    throw TemplateError(message: "a { without its }", position: position)
                }
                let name = String(text[next..<close]).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw TemplateError(message: "an empty {}", position: position) }
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.column(name))
                position += text[index...close].count
                index = text.index(after: close)
                continue
            }
            literal.append(character)
            index = next
            position += 1
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// The columns the holes name, in order, each once.
    var columns: [String] {
        var seen = Set<String>()
        return parts.compactMap { part in
            guard case .column(let name) = part, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The text with each hole replaced by `value(column)`.
    func render(_ value: (String) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .column(let name): return value(name)
            }
        }.joined()
    }
}

/// A template that cannot be read.
struct TemplateError: Error, Hashable {
    let message: String
    /// The 1-based character where the problem starts.
    let position: Int
}

extension RowTemplate {
    /// The text as a `where` expression: a hole outside quotes becomes a quoted value, one
    /// inside a quoted string (`file ~ "_{code}_"`) its text with quotes doubled, so a value
    /// always compares as itself.
    func renderWhere(_ value: (String) -> String) -> String {
        var insideQuotes = false
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal):
                text += literal
                insideQuotes = literal.reduce(insideQuotes) { inside, character in character == "\"" ? !inside : inside
                }
            case .column(let name):
                let raw = value(name)
                text += insideQuotes ? raw.replacingOccurrences(of: "\"", with: "\"\"") : raw.quotedForWhere
            }
        }
        return text
    }
}

extension String {
    /// `text` as a `where` value: in double quotes, inner quotes doubled, so any value (a
    /// space, an `and`, a quote) compares as itself.
    var quotedForWhere: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
