/// A sink that makes the text it passes on visible (`VisibleText.keepingLines(_:)`): what an
/// export writes when standard output is a terminal, so that data cannot drive it. Into a file
/// or a pipe an export goes byte for byte; at a terminal it is read, not kept.
@MainActor
final class VisibleTextSink: TextSink {
    private let base: any TextSink

    init(_ base: any TextSink) {
        self.base = base
    }

    func write(_ text: String) throws(OutputError) {
        try base.write(VisibleText.keepingLines(text))
    }

    func flush() throws(OutputError) {
        try base.flush()
    }
}
