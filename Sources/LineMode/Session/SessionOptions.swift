/// How a session draws: sizes, colour and whether a person is typing.
package struct SessionOptions: Sendable, Hashable {
    /// The width to fit, in terminal columns.
    package var width: Int
    /// Rows per page when given (`--page-size`); otherwise derived from `terminalRows`, else 20.
    package var pageSize: Int?
    /// The terminal's height, when known.
    package var terminalRows: Int?
    /// Use ANSI styles.
    package var color: Bool
    /// A person types at a terminal: commands are echoed by the terminal, not by us.
    package var interactive: Bool
    /// Progress may animate on standard error.
    package var animatesProgress: Bool
    /// Charts in `*`, `-` and `|` rather than braille dots.
    package var ascii = false
    /// Standard output is a terminal: an export printed there is made visible, as a screen is.
    package var outputIsTerminal = false
    /// Standard error is a terminal: messages are broken at spaces to fit its width.
    package var errorsAreTerminal = false

    /// Rows per page when nothing says otherwise.
    package static let defaultPageSize = 20

    package init(
        width: Int = 80, pageSize: Int? = nil, terminalRows: Int? = nil, color: Bool = false,
        interactive: Bool = false, animatesProgress: Bool = false
    ) {
        self.width = width
        self.pageSize = pageSize
        self.terminalRows = terminalRows
        self.color = color
        self.interactive = interactive
        self.animatesProgress = animatesProgress
    }

    /// Items per page for a screen whose rows take `linesPerRow` lines and which shows
    /// `headerLines` lines above its table.
    package func pageSize(linesPerRow: Int, headerLines: Int) -> Int {
        if let pageSize { return pageSize }
        guard let terminalRows else { return Self.defaultPageSize }
        // Breadcrumb, table header, prompt and a status line that may wrap onto two lines.
        let available = terminalRows - 5 - headerLines
        return max(1, available / max(1, linesPerRow))
    }
}
