import ListKit

/// The shell completion scripts of `--generate-completion-script bash|zsh|fish`, made from the
/// program's declarations: its options and their values, its subcommands and dataset commands
/// and theirs, and the session commands `-c` runs. What only the program knows at the time (the
/// datasets, with those of a manifest folder; the columns of a file; the codes in the cache) the
/// scripts ask it for with `PROGRAM --complete WHAT WORD…`.
@MainActor
struct CompletionScript {
    let model: CommandLineModel

    init(launcher: Launcher) {
        model = CommandLineModel(launcher: launcher)
    }

    func text(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    /// The name of the script's functions: `_browse`, `_custom_browser`.
    var function: String {
        "_" + String(model.program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private var program: String { model.program }

    // MARK: - bash

    private var bash: String {
        let valueOptions = model.optionsTakingValues
        var lines = [
            "# bash completion for \(program), made from its declarations by",
            "# `\(program) --generate-completion-script bash`. To use it in every shell:",
            "#   \(program) --generate-completion-script bash > ~/.local/share/bash-completion/completions/\(program)",
            "",
            "# What the program says a word could be: \(CommandLineCompletion.kinds.joined(separator: ", ")).",
            "\(function)_ask() {",
            "    local program=\"${COMP_WORDS[0]}\" i",
            "    [[ $program == \"~/\"* ]] && program=\"$HOME/${program#\"~/\"}\"",
            "    # The words before the cursor, `--format = csv` joined again as --format=csv.",
            "    local -a words=()",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        if [[ ${COMP_WORDS[i]} == = && ${#words[@]} -gt 0 ]]; then",
            "            words[-1]+=\"=\"",
            "            (( i + 1 < COMP_CWORD )) && words[-1]+=\"${COMP_WORDS[++i]}\"",
            "        else",
            "            words+=(\"${COMP_WORDS[i]}\")",
            "        fi",
            "    done",
            "    \"$program\" \(CommandLineCompletion.flag) \"$1\" \"${words[@]}\" 2>/dev/null",
            "}",
            "",
            "# Offers the lines of $1 that start with $2.",
            "\(function)_offer() {",
            "    local candidate",
            "    while IFS= read -r candidate; do",
            "        [[ -n $candidate && $candidate == \"$2\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$candidate\")\")",
            "    done <<< \"$1\"",
            "}",
            "",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    COMPREPLY=()",
            "    # `--format=cs` comes as --format, = and cs.",
            "    if [[ $cur == = ]]; then cur=\"\"",
            "    elif [[ $prev == = && COMP_CWORD -ge 2 ]]; then prev=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi",
            "    case \"$prev\" in",
        ]
        for (action, options) in Self.grouped(valueOptions, by: bashValues) {
            lines.append("        \(options.flatMap(CommandLineModel.spellings).joined(separator: "|")))")
            lines.append("            " + action)
            lines.append("            return ;;")
        }
        lines += [
            "    esac",
            "    # The subcommand or dataset command on the line, and how many words follow it.",
            "    local i=1 word verb=\"\" after=0",
            "    while (( i < COMP_CWORD )); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        case \"$word\" in",
            "            " + valueOptions.flatMap(CommandLineModel.spellings).joined(separator: "|") + ")",
            "                [[ ${COMP_WORDS[i+1]} == = ]] && (( i++ ))",
            "                (( i++ )) ;;",
            "            -*) ;;",
            "            *) if [[ -z $verb ]]; then verb=\"$word\"; else (( after++ )); fi ;;",
            "        esac",
            "        (( i++ ))",
            "    done",
            "    case \"$verb\" in",
        ]
        let programOptions = model.programOptions.flatMap(CommandLineModel.spellings)
        for verb in model.verbs {
            let options = programOptions + verb.options.flatMap(CommandLineModel.spellings)
            lines.append("        \(Self.bashQuoted(verb.name)))")
            lines.append("            if [[ $cur == -* ]]; then")
            lines.append("                \(function)_offer \(Self.bashLines(options)) \"$cur\"")
            if verb.suggestsArgument {
                lines.append("            elif (( after == 0 )); then")
                lines.append(
                    "                \(function)_offer \"$(\(function)_ask \(CommandLineCompletion.argument))\" \"$cur\""
                )
            } else if model.subcommands.contains(where: { $0.name == verb.name }) {
                lines.append("            else")
                lines.append("                compopt -o filenames; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")")
            }
            lines.append("            fi ;;")
        }
        let allOptions = Self.bashLines(programOptions + model.targetOptions.flatMap(CommandLineModel.spellings))
        let verbs = Self.bashLines(model.verbs.map(\.name))
        lines += [
            "        \"\")",
            "            if [[ $cur == -* ]]; then",
            "                \(function)_offer \(allOptions) \"$cur\"",
            "            else",
            "                \(function)_offer \"$(\(function)_ask \(CommandLineCompletion.datasets))\" \"$cur\"",
            "                \(function)_offer \(verbs) \"$cur\"",
            "                compopt -o filenames",
            "                mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -f -- \"$cur\")",
            "            fi ;;",
            "        *)",
            "            [[ $cur == -* ]] && \(function)_offer \(allOptions) \"$cur\" ;;",
            "    esac",
            "    return 0",
            "}",
            "complete -F \(function) \(program)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The options by what the script does for their values, in the order first met, so that
    /// options alike share one case.
    private static func grouped(
        _ options: [OptionDeclaration], by action: (OptionDeclaration) -> String
    ) -> [(String, [OptionDeclaration])] {
        var groups: [(String, [OptionDeclaration])] = []
        for option in options {
            let text = action(option)
            if let index = groups.firstIndex(where: { $0.0 == text }) {
                groups[index].1.append(option)
            } else {
                groups.append((text, [option]))
            }
        }
        return groups
    }

    /// What the bash script offers for a value of `option`.
    private func bashValues(of option: OptionDeclaration) -> String {
        if CommandLineModel.takesSessionCommands(option) {
            // The value is quoted: offer the first command's word after the quote.
            return
                "local quote=\"${cur%%[!\\'\\\"]*}\"; \(function)_offer \(Self.bashLines(model.sessionWords)) \"${cur#$quote}\"; "
                + "COMPREPLY=(\"${COMPREPLY[@]/#/$quote}\")"
        }
        switch option.kind {
        case .choice(let words): return "\(function)_offer \(Self.bashLines(words)) \"$cur\""
        case .file: return "compopt -o filenames; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .folder: return "compopt -o filenames; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .column: return "\(function)_offer \"$(\(function)_ask \(CommandLineCompletion.columns))\" \"$cur\""
        case .flag, .text, .integer, .date, .month, .url: return ":"
        }
    }

    /// Words for `_offer`, one per line, as one bash word: `$'a\nb'`.
    static func bashLines(_ words: [String]) -> String {
        "$'"
            + words.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") }
            .joined(separator: "\\n") + "'"
    }

    /// `text` in single quotes, for bash, zsh and fish alike.
    static func bashQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: - zsh

    private var zsh: String {
        let valueOptions = model.optionsTakingValues
        var lines = [
            "#compdef \(program)",
            "# zsh completion for \(program), made from its declarations by",
            "# `\(program) --generate-completion-script zsh`. To use it in every shell, put it in a folder",
            "# of $fpath as _\(program):",
            "#   \(program) --generate-completion-script zsh > ~/.zsh/completions/_\(program)",
            "",
            "# What the program says a word could be: \(CommandLineCompletion.kinds.joined(separator: ", ")).",
            "\(function)_ask() {",
            "    local program=${~words[1]}",
            "    # The words before the cursor, without the quotes they were typed with.",
            "    \"$program\" \(CommandLineCompletion.flag) \"$1\" \"${(@Q)words[2,CURRENT-1]}\" 2>/dev/null",
            "}",
            "",
            "\(function)() {",
            "    local cur=${words[CURRENT]} prev=${words[CURRENT-1]}",
            "    local -a candidates",
            "    case $prev in",
        ]
        for (action, options) in Self.grouped(valueOptions, by: zshValues) {
            lines.append("        \(options.flatMap(CommandLineModel.spellings).joined(separator: "|")))")
            lines.append("            " + action)
            lines.append("            return ;;")
        }
        lines += [
            "    esac",
            "    # The subcommand or dataset command on the line, and how many words follow it.",
            "    local i=2 verb=\"\" after=0",
            "    while (( i < CURRENT )); do",
            "        case ${words[i]} in",
            "            " + valueOptions.flatMap(CommandLineModel.spellings).joined(separator: "|") + ") (( i++ )) ;;",
            "            -*) ;;",
            "            *) if [[ -z $verb ]]; then verb=${words[i]}; else (( after++ )); fi ;;",
            "        esac",
            "        (( i++ ))",
            "    done",
            "    case $verb in",
        ]
        let programOptions = model.programOptions.map(zshDescribed)
        for verb in model.verbs {
            let options = programOptions + verb.options.map(zshDescribed)
            lines.append("        \(Self.bashQuoted(verb.name)))")
            lines.append("            if [[ $cur == -* ]]; then")
            lines.append("                candidates=(\(options.joined(separator: " ")))")
            lines.append("                _describe -t options option candidates")
            if verb.suggestsArgument {
                lines.append("            elif (( after == 0 )); then")
                lines.append(
                    "                candidates=(${(f)\"$(\(function)_ask \(CommandLineCompletion.argument))\"})")
                lines.append("                compadd -a candidates")
            } else if model.subcommands.contains(where: { $0.name == verb.name }) {
                lines.append("            else")
                lines.append("                _files")
            }
            lines.append("            fi ;;")
        }
        let allOptions = programOptions + model.targetOptions.map(zshDescribed)
        let verbs = model.verbs.map { Self.bashQuoted(Self.zshEscaped($0.name) + ":" + $0.summary) }
        lines += [
            "        '')",
            "            if [[ $cur == -* ]]; then",
            "                candidates=(\(allOptions.joined(separator: " ")))",
            "                _describe -t options option candidates",
            "            else",
            "                candidates=(${(f)\"$(\(function)_ask \(CommandLineCompletion.datasets))\"})",
            "                compadd -X dataset -a candidates",
            "                candidates=(\(verbs.joined(separator: " ")))",
            "                _describe -t commands command candidates",
            "                _files",
            "            fi ;;",
            "        *)",
            "            if [[ $cur == -* ]]; then",
            "                candidates=(\(allOptions.joined(separator: " ")))",
            "                _describe -t options option candidates",
            "            fi ;;",
            "    esac",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    \(function) \"$@\"",
            "else",
            "    compdef \(function) \(program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `'--name:summary'` and `'-n:summary'`, as `_describe` takes them.
    private func zshDescribed(_ option: OptionDeclaration) -> String {
        CommandLineModel.spellings(option).map { Self.bashQuoted(Self.zshEscaped($0) + ":" + option.summary) }
            .joined(separator: " ")
    }

    /// A word for `_describe`, whose colons separate the description.
    private static func zshEscaped(_ word: String) -> String {
        word.replacingOccurrences(of: ":", with: "\\:")
    }

    /// What the zsh script offers for a value of `option`.
    private func zshValues(of option: OptionDeclaration) -> String {
        if CommandLineModel.takesSessionCommands(option) {
            return "candidates=(\(model.sessionWords.map(Self.bashQuoted).joined(separator: " "))); "
                + "compadd -a candidates"
        }
        switch option.kind {
        case .choice(let words):
            return "candidates=(\(words.map(Self.bashQuoted).joined(separator: " "))); compadd -a candidates"
        case .file: return "_files"
        case .folder: return "_files -/"
        case .column:
            return "candidates=(${(f)\"$(\(function)_ask \(CommandLineCompletion.columns))\"}); compadd -a candidates"
        case .flag, .text, .integer, .date, .month, .url:
            return "_message \(Self.bashQuoted(option.value ?? "a value"))"
        }
    }

    // MARK: - fish

    private var fish: String {
        let valueOptions = model.optionsTakingValues
        let valueSpellings = valueOptions.flatMap(CommandLineModel.spellings).map(Self.bashQuoted).joined(
            separator: " ")
        var lines = [
            "# fish completion for \(program), made from its declarations by",
            "# `\(program) --generate-completion-script fish`. To use it in every shell:",
            "#   \(program) --generate-completion-script fish > ~/.config/fish/completions/\(program).fish",
            "",
            "# The subcommand or dataset command on the line, then the words after it.",
            "function \(function)_verb",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    set -l skip 0",
            "    set -l found",
            "    for token in $tokens",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        if contains -- $token \(valueSpellings)",
            "            set skip 1",
            "        else if not string match -q -- '-*' $token",
            "            set -a found $token",
            "        end",
            "    end",
            "    string join \\n -- $found",
            "end",
            "",
            "# With no argument: true when the line has no dataset, file or verb yet. With a verb and N:",
            "# true when the line's verb is that one, with at most N words after it.",
            "function \(function)_is",
            "    set -l words (\(function)_verb)",
            "    if test (count $argv) -eq 0",
            "        test (count $words) -eq 0",
            "    else",
            "        test \"$words[1]\" = \"$argv[1]\"; and test (count $words) -le (math 1 + $argv[2])",
            "    end",
            "end",
            "",
            "# True when the line's first word is a subcommand or a dataset command.",
            "function \(function)_has_verb",
            "    set -l words (\(function)_verb)",
            "    contains -- \"$words[1]\" \(verbNames)",
            "end",
            "",
            "# What the program says a word could be: \(CommandLineCompletion.kinds.joined(separator: ", ")).",
            "function \(function)_ask",
            "    set -l tokens (commandline -opc)",
            "    $tokens[1] \(CommandLineCompletion.flag) $argv[1] $tokens[2..-1] 2>/dev/null",
            "end",
            "",
            "complete -c \(program) -f",
            "complete -c \(program) -n '\(function)_is' -a '(\(function)_ask \(CommandLineCompletion.datasets))'"
                + " -d dataset",
            "complete -c \(program) -n '\(function)_is' -F",
        ]
        for verb in model.verbs {
            lines.append(
                "complete -c \(program) -n '\(function)_is' -a \(Self.bashQuoted(verb.name)) -d "
                    + Self.bashQuoted(verb.summary))
            if verb.suggestsArgument {
                lines.append(
                    "complete -c \(program) -n '\(function)_is \(verb.name) 0' -a '(\(function)_ask "
                        + "\(CommandLineCompletion.argument))'")
            }
            if model.subcommands.contains(where: { $0.name == verb.name }) {
                lines.append("complete -c \(program) -n '\(function)_is \(verb.name) 99' -F")
            }
            for option in verb.options {
                lines.append(fishLine(option, condition: "\(function)_is \(verb.name) 99"))
            }
        }
        for option in model.programOptions { lines.append(fishLine(option, condition: nil)) }
        for option in model.targetOptions {
            lines.append(fishLine(option, condition: "not \(function)_has_verb"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var verbNames: String { model.verbs.map { Self.bashQuoted($0.name) }.joined(separator: " ") }

    /// One `complete` line for an option, with its values.
    private func fishLine(_ option: OptionDeclaration, condition: String?) -> String {
        var line = "complete -c \(program)"
        if let condition { line += " -n " + Self.bashQuoted(condition) }
        line += " -l " + option.name
        if let short = option.shortName { line += " -s \(short)" }
        if option.takesValue {
            if CommandLineModel.takesSessionCommands(option) {
                line += " -x -a " + Self.bashQuoted(model.sessionWords.joined(separator: " "))
            } else {
                switch option.kind {
                case .choice(let words): line += " -x -a " + Self.bashQuoted(words.joined(separator: " "))
                case .file: line += " -r -F"
                case .folder: line += " -x -a '(__fish_complete_directories)'"
                case .column: line += " -x -a '(\(function)_ask \(CommandLineCompletion.columns))'"
                case .flag, .text, .integer, .date, .month, .url: line += " -x"
                }
            }
        }
        return line + " -d " + Self.bashQuoted(option.summary)
    }
}
