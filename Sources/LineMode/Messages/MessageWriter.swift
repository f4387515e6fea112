import BrowseSupport
import ListKit

/// Where a person reads what happened: one line per message on standard error, after the
/// program's name, with every control character made visible (a path, a server's answer or a
/// typed command may hold escape sequences, and a newline would split the line) and every
/// password in a URL hidden (`https://ann:***@example.com/…`).
@MainActor
public final class MessageWriter {
    private let sink: any TextSink
    /// The name that starts each line (`browse`).
    package let program: String
    /// Runs before each line, so that what standard output holds is written first and the two
    /// streams read in order in a terminal or a transcript.
    package var beforeEachLine: (@MainActor () -> Void)?
    /// The terminal's width when messages go to one: a message is then broken at spaces, its
    /// later lines indented, rather than cut mid-word by the terminal. `nil` keeps each message
    /// on one line (a log, a pipe, a test reads it whole).
    package var width: (@MainActor () -> Int?)?

    package init(sink: any TextSink, program: String) {
        self.sink = sink
        self.program = program
    }

    /// Writes `text` as one line: `browse: text`.
    public func note(_ text: String) {
        beforeEachLine?()
        let line = "\(program): \(VisibleText.make(PasswordRedaction.redacting(text)))"
        let lines = width?().map { TextWrapping.wrap(line, width: $0, indent: 2) } ?? [line]
        try? sink.write(lines.map { $0 + "\n" }.joined())
        try? sink.flush()
    }

    /// Writes the line for `error`, with its remedy in words that fit where the person is.
    public func report(_ error: any Error, interactive: Bool) {
        note(ErrorText.line(for: error, interactive: interactive))
    }

    /// Sends what the sink holds on (before a screen is drawn after messages).
    package func flush() {
        try? sink.flush()
    }
}
