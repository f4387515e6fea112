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

    package init(sink: any TextSink, program: String) {
        self.sink = sink
        self.program = program
    }

    /// Writes `text` as one line: `browse: text`.
    public func note(_ text: String) {
        beforeEachLine?()
        try? sink.write("\(program): \(VisibleText.make(PasswordRedaction.redacting(text)))\n")
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
