import FakeExchange
import Foundation
import Testing

/// The completion scripts of `browse --generate-completion-script`, loaded in the shells
/// themselves and driven as a Tab would drive them; and the manual page, read by roff.
@Suite struct CompletionScriptTests {
    /// The path of a shell, when the machine has it.
    static func shell(_ name: String) -> String? {
        ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `script` in `shell` with the test environment; what it printed, and its status.
    static func run(_ shell: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.environment = Browse.environment(environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collected = ErrorCollector(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: data, as: UTF8.self),
            stderr: String(decoding: collected.finish(), as: UTF8.self), status: process.terminationStatus)
    }

    /// What the bash script offers for the last of `words` (the word being completed).
    static func bash(_ script: String, _ words: [String], in folder: ScratchFolder) throws -> [String] {
        let file = try folder.write("browse.bash", script)
        let quoted = ([Browse.executable.path] + words).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        // compopt works only while bash completes a real line: here it has nothing to change.
        let driver = """
            compopt() { :; }
            source \(file)
            COMP_WORDS=(\(quoted.joined(separator: " "))); COMP_CWORD=\(words.count)
            _browse
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try Self.run(Self.shell("bash") ?? "/bin/bash", ["-c", driver], environment: ["PWD": folder.path])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// A cache holding the company lists, and a CSV file.
    static func fixtures() throws -> ScratchFolder {
        let folder = try ScratchFolder("completion")
        let companies = ExchangeSandbox.fixture("t187ap03_L_bom_crlf.csv").path
        let imported = try Browse.run(["import", "--cache-dir", folder.file("cache"), companies])
        #expect(imported.status == 0, "\(imported.stderr)")
        try folder.write("prices.csv", "code,name,close price\n2330,台積電,1045\n")
        return folder
    }

    @Test func bashCompletesFromTheDeclarationsAndAsksTheProgramTheRest() throws {
        let folder = try Self.fixtures()
        let script = try Browse.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let loaded = try Self.run(
            Self.shell("bash") ?? "/bin/bash",
            ["-c", "source <(\(Browse.executable.path) --generate-completion-script bash); complete -p browse"])
        #expect(loaded.stdout == "complete -F _browse browse\n")
        #expect(loaded.stderr.isEmpty)
        let text = script.stdout
        #expect(try Self.bash(text, ["fi"], in: folder) == ["films"], "a dataset's name")
        #expect(try Self.bash(text, ["st"], in: folder) == ["stock"], "a dataset command")
        #expect(try Self.bash(text, ["im"], in: folder) == ["import"], "a subcommand")
        #expect(try Self.bash(text, ["--format", "j"], in: folder) == ["json"])
        #expect(try Self.bash(text, ["--format", "=", "m"], in: folder) == ["markdown"], "--format=m")
        #expect(try Self.bash(text, ["--market", "o"], in: folder) == ["otc"], "a dataset's option")
        #expect(try Self.bash(text, ["stock", "--mo"], in: folder) == ["--months"])
        #expect(try Self.bash(text, ["-c", "'so"], in: folder) == ["'sort"], "a session command in -c")
        let codes = try Self.bash(text, ["--cache-dir", folder.file("cache"), "stock", ""], in: folder)
        #expect(codes == ["2330", "910322"], "codes from the cached company list (its two whole rows)")
        let joined = try Self.bash(text, ["--cache-dir", "=", folder.file("cache"), "stock", "9"], in: folder)
        #expect(joined == ["910322"], "--cache-dir=DIR, which bash splits at the =")
        let columns = try Self.bash(text, [folder.file("prices.csv"), "--sort", "c"], in: folder)
        #expect(columns == ["code", "close\\ price"], "a file's columns, quoted for the shell")
        #expect(try Self.bash(text, ["films", "--where", "ye"], in: folder) == ["year"])
        #expect(try Self.bash(text, ["import", "--d"], in: folder) == ["--date"])
    }

    @Test(.enabled(if: shell("zsh") != nil)) func zshLoadsTheScriptAndCompletes() throws {
        let zsh = try #require(Self.shell("zsh"))
        let folder = try Self.fixtures()
        let script = try folder.write("_browse", try Browse.run(["--generate-completion-script", "zsh"]).stdout)
        let parsed = try Self.run(zsh, ["-n", script])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        // The completion system's functions, standing in for compinit: each prints what it is given.
        let driver = """
            compdef() { print -r -- "compdef $*" }
            _message() { : }
            _files() { print -r -- '<files>' }
            compadd() {
              local name=""; while (( $# )); do case $1 in -a) name=$2; shift 2;; -X) shift 2;; *) shift;; esac; done
              local item; for item in "${(@P)name}"; do [[ $item == ${words[CURRENT]}* ]] && print -r -- $item; done
            }
            _describe() {
              local item; for item in "${(@P)4}"; do item=${item%%:*}; [[ $item == ${words[CURRENT]}* ]] && print -r -- $item; done
            }
            source \(script)
            for line in 'fi' '--format j' 'stock --mo' '--cache-dir \(folder.file("cache")) stock 233' '\(folder.file("prices.csv")) --sort c'; do
              words=(\(Browse.executable.path) ${=line}); CURRENT=$#words
              print -r -- "== $line"; _browse
            done
            """
        let run = try Self.run(zsh, ["-f", "-c", driver])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let expected = """
            compdef _browse browse
            == fi
            films
            <files>
            == --format j
            json
            == stock --mo
            --months
            == --cache-dir \(folder.file("cache")) stock 233
            2330
            == \(folder.file("prices.csv")) --sort c
            code
            close price

            """
        #expect(run.stdout == expected)
    }

    @Test(.enabled(if: shell("fish") != nil)) func fishLoadsTheScriptAndCompletes() throws {
        let fish = try #require(Self.shell("fish"))
        let folder = try Self.fixtures()
        let script = try folder.write("browse.fish", try Browse.run(["--generate-completion-script", "fish"]).stdout)
        let parsed = try Self.run(fish, ["-n", script])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        func complete(_ line: String) throws -> [String] {
            let run = try Self.run(
                fish, ["--no-config", "-c", "source \(script); complete -C '\(Browse.executable.path) \(line)'"],
                environment: ["XDG_CONFIG_HOME": folder.file("fish"), "XDG_DATA_HOME": folder.file("fish")])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("fi") == ["films"])
        #expect(try complete("--format j") == ["json"])
        #expect(try complete("--market o") == ["otc"])
        #expect(try complete("stock --mo") == ["--months"])
        #expect(try complete("--cache-dir \(folder.file("cache")) stock 9") == ["910322"])
        #expect(try complete("\(folder.file("prices.csv")) --sort c") == ["close price", "code"])
    }

    @Test func theManualPageReadsWithoutAWarning() throws {
        let manual = try Browse.run(["--generate-manual"], environment: ["BROWSE_NOW": "2025-06-30T04:00:00Z"])
        #expect(manual.status == 0)
        #expect(manual.stdout.hasPrefix(".\\\" The manual of browse"))
        #expect(manual.stdout.contains(".TH \"BROWSE\" 1 \"2025\\-06\\-30\""))
        for section in ["NAME", "SYNOPSIS", "OPTIONS", "DATASET COMMANDS", "SUBCOMMANDS", "SESSION COMMANDS"] {
            #expect(manual.stdout.contains(".SH \(section)\n"))
        }
        guard let groff = Self.shell("groff") else { return }
        let folder = try ScratchFolder("manual")
        let page = try folder.write("browse.1", manual.stdout)
        let read = try Self.run(groff, ["-k", "-man", "-Tutf8", "-ww", "-z", page])
        #expect(read.status == 0)
        #expect(read.stderr.isEmpty, "roff warns: \(read.stderr)")
    }
}
