/// How a session draws: sizes, colour and whether a person is typing.
public struct SessionOptions: Sendable, Hashable {
    /// The width to fit, in terminal columns.
    public var width: Int
    /// Rows per page when given (`--page-size`); otherwise derived from `terminalRows`, else 20.
    public var pageSize: Int?
    /// The terminal's height, when known.
    public var terminalRows: Int?
    /// Use ANSI styles.
    public var color: Bool
    /// A person types at a terminal: commands are echoed by the terminal, not by us.
    public var interactive: Bool
    /// Progress may animate on standard error.
    public var animatesProgress: Bool
    /// Charts in `*`, `-` and `|` rather than braille dots.
    public var ascii = false
    /// Standard output is a terminal: an export printed there is made visible, as a screen is.
    public var outputIsTerminal = false
    /// Standard error is a terminal: messages are broken at spaces to fit its width.
    public var errorsAreTerminal = false

    /// Rows per page when nothing says otherwise.
    public static let defaultPageSize = 20

    public init(
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
    public func pageSize(linesPerRow: Int, headerLines: Int) -> Int {
        if let pageSize { return pageSize }
        guard let terminalRows else { return Self.defaultPageSize }
        // Breadcrumb, table header, prompt and a status line that may wrap onto two lines.
        let available = terminalRows - 5 - headerLines
        return max(1, available / max(1, linesPerRow))
    }
}
