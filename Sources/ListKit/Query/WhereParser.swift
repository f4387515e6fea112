import BrowseSupport

/// Reads the `where` language into a `WhereExpression` over a screen's columns.
///
/// ```text
/// expression := term ("or" term)*
/// term       := factor ("and" factor)*
/// factor     := "not" factor | "(" expression ")" | COLUMN OPERATOR VALUE
///             | COLUMN "is" ["not"] "missing"
/// OPERATOR   := = | == | != | <> | < | <= | > | >= | ~ | !~
/// ```
///
/// It recurses once per parenthesis or `not`, and refuses more than 100 levels of them, so no
/// typed line can exhaust the stack.
package enum WhereParser {
    /// The deepest nesting of parentheses and `not` accepted.
    package static let maximumDepth = 100

    /// Parses `text` against `columns`.
    ///
    /// - Throws: `WhereError` saying what was expected and where.
    /// - Complexity: O(n) in the length of the text (column names resolved in O(c) each).
    package static func parse(_ text: String, columns: [Column]) throws(WhereError) -> WhereExpression {
        var parser = Parser(tokens: try tokenize(text), columns: columns, text: text)
        let expression = try parser.expression(depth: 0)
        if let extra = parser.peek {
            throw WhereError(
                message: "expected and, or or the end, found \(brief(extra.text))", position: extra.position)
        }
        return expression
    }

    /// What a message quotes of typed text: at most 40 characters, then `…`, so that an error
    /// about a long line stays one short line.
    static func brief(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// `text` in double quotes when it is not one plain word.
    static func quotedIfNeeded(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { !$0.isWhitespace && !specialCharacters.contains($0) }
        if plain, !["and", "or", "not"].contains(text.lowercased()) { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    static let specialCharacters: Set<Character> = ["=", "!", "<", ">", "~", "(", ")", "\""]

    struct Token: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            case word
            case quoted
            case symbol
        }
        let kind: Kind
        let text: String
        /// The 1-based character position in the line.
        let position: Int
    }

    static func tokenize(_ text: String) throws(WhereError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if character == "\"" {
                var value = ""
                index += 1
                var closed = false
                while index < characters.count {
                    if characters[index] == "\"" {
                        if index + 1 < characters.count, characters[index + 1] == "\"" {
                            value.append("\"")
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    value.append(characters[index])
                    index += 1
                }
                guard closed else { throw WhereError(message: "a quote is never closed", position: start + 1) }
                tokens.append(Token(kind: .quoted, text: value, position: start + 1))
            } else if specialCharacters.contains(character) {
                var symbol = String(character)
                if index + 1 < characters.count,
                    ["==", "!=", "<>", "<=", ">=", "!~"].contains(symbol + String(characters[index + 1]))
                {
                    symbol.append(characters[index + 1])
                }
                index += symbol.count
                tokens.append(Token(kind: .symbol, text: symbol, position: start + 1))
            } else {
                var word = ""
                while index < characters.count, !characters[index].isWhitespace,
                    !specialCharacters.contains(characters[index])
                {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(Token(kind: .word, text: word, position: start + 1))
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        let columns: [Column]
        let text: String
        var index = 0

        init(tokens: [Token], columns: [Column], text: String) {
            self.tokens = tokens
            self.columns = columns
            self.text = text
        }

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        /// The position just after the last token, for "expected … at the end".
        var end: Int { text.count + 1 }

        func isKeyword(_ token: Token?, _ word: String) -> Bool {
            token?.kind == .word && token?.text.lowercased() == word
        }

        mutating func expression(depth: Int) throws(WhereError) -> WhereExpression {
            var left = try term(depth: depth)
            while isKeyword(peek, "or") {
                index += 1
                left = .or(left, try term(depth: depth))
            }
            return left
        }

        mutating func term(depth: Int) throws(WhereError) -> WhereExpression {
            var left = try factor(depth: depth)
            while isKeyword(peek, "and") {
                index += 1
                left = .and(left, try factor(depth: depth))
            }
            return left
        }

        mutating func factor(depth: Int) throws(WhereError) -> WhereExpression {
            guard let token = peek else { throw WhereError(message: "expected a column", position: end) }
            if isKeyword(token, "not") || (token.kind == .symbol && token.text == "(") {
                guard depth < WhereParser.maximumDepth else {
                    throw WhereError(
                        message: "nested deeper than \(WhereParser.maximumDepth) levels", position: token.position)
                }
                index += 1
                if isKeyword(token, "not") { return .not(try factor(depth: depth + 1)) }
                let inner = try expression(depth: depth + 1)
                guard let close = peek, close.kind == .symbol, close.text == ")" else {
                    throw WhereError(
                        message: "expected ) to close the ( at \(token.position)", position: peek?.position ?? end)
                }
                index += 1
                return inner
            }
            return .comparison(try comparison())
        }

        mutating func comparison() throws(WhereError) -> WhereComparison {
            guard let name = peek, name.kind != .symbol else {
                throw WhereError(message: "expected a column", position: peek?.position ?? end)
            }
            index += 1
            let column = try resolve(name)
            if isKeyword(peek, "is") {
                index += 1
                let negated = isKeyword(peek, "not")
                if negated { index += 1 }
                guard isKeyword(peek, "missing") else {
                    throw WhereError(message: "expected missing after is", position: peek?.position ?? end)
                }
                index += 1
                return WhereComparison(
                    column: column, comparison: negated ? .isPresent : .isMissing, value: .missing, text: "")
            }
            guard let symbol = peek, symbol.kind == .symbol, let comparison = Self.operator(symbol.text) else {
                let found = peek.map { "found \(brief($0.text))" } ?? "found the end"
                throw WhereError(
                    message: "expected =, !=, <, <=, >, >=, ~ or !~ after \(column.name), \(found)",
                    position: peek?.position ?? end)
            }
            index += 1
            guard let value = peek, value.kind != .symbol else {
                throw WhereError(
                    message: "expected a value after \(brief(symbol.text))", position: peek?.position ?? end)
            }
            index += 1
            let typedValue = try typed(value, column: column, comparison: comparison)
            // `at >= 2025-06-02 12:00` reads as a day and then a stray word: say how to write it.
            if column.kind == .dateTime, value.kind == .word, let next = peek, next.kind == .word,
                DateTime(iso: value.text + " " + next.text) != nil
            {
                throw WhereError(
                    message: "a date and time with a space between goes in double quotes: "
                        + "\"\(value.text) \(next.text)\", or write \(value.text)T\(next.text)",
                    position: value.position)
            }
            return WhereComparison(column: column, comparison: comparison, value: typedValue, text: value.text)
        }

        static func `operator`(_ text: String) -> WhereComparison.Operator? {
            switch text {
            case "=", "==": return .equal
            case "!=", "<>": return .notEqual
            default: return WhereComparison.Operator(rawValue: text)
            }
        }

        func resolve(_ token: Token) throws(WhereError) -> Column {
            let wanted = TextFolding.fold(token.text)
            if let exact = columns.first(where: { TextFolding.fold($0.name) == wanted }) { return exact }
            let matches = columns.filter { TextFolding.fold($0.name).hasPrefix(wanted) }
            if matches.count == 1 { return matches[0] }
            let names = (matches.isEmpty ? columns : matches).map(\.name).joined(separator: ", ")
            let message =
                matches.isEmpty
                ? "no column \"\(brief(token.text))\"; columns: \(names)" : "\"\(brief(token.text))\" could be \(names)"
            throw WhereError(message: message, position: token.position)
        }

        func typed(_ token: Token, column: Column, comparison: WhereComparison.Operator) throws(WhereError)
            -> CellValue
        {
            if comparison == .contains || comparison == .notContains { return .text(token.text) }
            switch column.kind {
            case .integer, .decimal:
                guard let number = ExactDecimal(token.text) ?? ExponentNotation.decimal(token.text) else {
                    if ExponentNotation.isWritten(token.text) {
                        throw WhereError(
                            message:
                                "\(column.name) holds numbers; \(brief(token.text)) is too large, or has more than "
                                + "\(ExactDecimal.maximumScale) decimals, to compare exactly",
                            position: token.position)
                    }
                    throw WhereError(
                        message: "\(column.name) holds numbers; \(brief(token.text)) is not one",
                        position: token.position)
                }
                return .decimal(number)
            case .date:
                guard let date = CalendarDate(iso: token.text) else {
                    throw WhereError(
                        message: "\(column.name) holds dates; give yyyy-mm-dd, not \(brief(token.text))",
                        position: token.position)
                }
                return .date(date)
            case .dateTime:
                // A day alone is its midnight, so `at >= 2025-06-02` reads as a person means it.
                if let dateTime = DateTime(iso: token.text) { return .dateTime(dateTime) }
                if let date = CalendarDate(iso: token.text), let midnight = TimeOfDay(hour: 0, minute: 0) {
                    return .dateTime(DateTime(date: date, time: midnight))
                }
                throw WhereError(
                    message: "\(column.name) holds dates and times; give yyyy-mm-ddThh:mm (or a day, "
                        + "yyyy-mm-dd), not \(token.text)",
                    position: token.position)
            case .time:
                guard let time = TimeOfDay(iso: token.text) else {
                    throw WhereError(
                        message: "\(column.name) holds times of day; give hh:mm or hh:mm:ss, not \(token.text)",
                        position: token.position)
                }
                return .time(time)
            case .text, .code:
                return .text(token.text)
            }
        }
    }
}

/// A `where` expression that cannot be read: what was expected, and where in the line.
package struct WhereError: UserFacingError, Hashable {
    package let message: String
    /// The 1-based character position of the problem.
    package let position: Int

    package init(message: String, position: Int) {
        self.message = message
        self.position = position
    }

    package var description: String { "\(message) (at character \(position))" }

    /// The expression was typed on the command line (`--where`) or in a script: a usage mistake
    /// when it ends the program.
    package var exitCode: ExitCode { .usage }
}

extension String {
    /// The text with every `target` replaced by `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
