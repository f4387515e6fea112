import ListKit

/// Arguments split into declared options (with their values) and the rest, in order.
struct ParsedArguments: Sendable, Hashable {
    /// Each option given, in order, by its declared name; a flag's value is `true`.
    var options: [Option] = []
    /// Arguments that are not options, in order.
    var positionals: [String] = []
    /// Where each of `positionals` was among the arguments.
    var positionalIndices: [Int] = []

    /// One option and its value.
    struct Option: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The value of the option `name`, the last one when it was given more than once.
    func value(_ name: String) -> String? {
        options.last { $0.name == name }?.value
    }

    /// The options given, the last of each name winning.
    var values: OptionValues {
        OptionValues(Dictionary(options.map { ($0.name, $0.value) }) { _, last in last })
    }

    /// Splits `arguments` by `declared`, checking each value by its declaration.
    ///
    /// - Parameter checkingValues: False to take every value as given, as a first look that only
    ///   finds the words that are not options does.
    /// - Throws: `UsageError` for an option nobody declared, a missing value, a value given
    ///   to a flag, or a value that does not fit its declaration.
    static func parse(
        _ arguments: [String], declared: [OptionDeclaration], checkingValues: Bool = true
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                parsed.positionalIndices.append(index - 1)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let declaration = declaration(named: name, in: declared) else { throw .unknownOption(name) }
            if declaration.takesValue {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else { throw .missingValue(name) }
                    value = arguments[index]
                    index += 1
                }
                if checkingValues { try check(value, of: declaration) }
                parsed.options.append(Option(name: declaration.name, value: value))
            } else {
                guard inline == nil else {
                    throw .badValue(option: name, value: inline ?? "", expected: "takes no value")
                }
                parsed.options.append(Option(name: declaration.name, value: "true"))
            }
        }
        return parsed
    }

    /// Checks `value` by the declaration of the option it was given to.
    ///
    /// - Throws: `UsageError.badValue` naming the option and what would work.
    static func check(_ value: String, of declaration: OptionDeclaration) throws(UsageError) {
        do {
            try declaration.check(value)
        } catch {
            throw .badValue(option: "--" + declaration.name, value: value, expected: error.expected)
        }
    }

    /// `text` read as `option`'s value.
    ///
    /// - Throws: `UsageError.badValue` naming the option and what would work.
    static func read<Value>(_ text: String, as option: TypedOption<Value>) throws(UsageError) -> Value {
        do {
            return try option.read(text)
        } catch {
            throw .badValue(option: "--" + option.name, value: text, expected: error.expected)
        }
    }

    /// The declaration `--name` or `-n` refers to.
    private static func declaration(named written: String, in declared: [OptionDeclaration]) -> OptionDeclaration? {
        if written.hasPrefix("--") {
            let bare = written.dropFirst(2)
            return declared.first { $0.name == bare }
        }
        guard written.count == 2, let letter = written.last else { return nil }
        return declared.first { $0.shortName == letter }
    }
}
