#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the terminal the program runs in, read once at start.
public struct TerminalInfo: Sendable, Hashable {
    /// Standard input is a terminal (a person typing).
    public var inputIsTerminal: Bool
    /// Standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Standard error is a terminal (progress may animate).
    public var errorIsTerminal: Bool
    /// Columns and rows from TIOCGWINSZ, when standard output is a terminal.
    public var size: (columns: Int, rows: Int)?
    /// The environment's `COLUMNS`, `LINES`, `NO_COLOR` and `TERM`.
    public var environment: [String: String]

    public init(
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
        size: (columns: Int, rows: Int)? = nil, environment: [String: String] = [:]
    ) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.size = size
        self.environment = environment
    }

    /// Reads the facts of this process's terminal.
    package static func current(environment: [String: String]) -> TerminalInfo {
        TerminalInfo(
            inputIsTerminal: isatty(STDIN_FILENO) != 0,
            outputIsTerminal: isatty(STDOUT_FILENO) != 0,
            errorIsTerminal: isatty(STDERR_FILENO) != 0,
            size: currentSize(),
            environment: environment
        )
    }

    /// The size of the terminal standard output is, now (it changes when the window is
    /// resized); `nil` when standard output is not a terminal.
    package static func currentSize() -> (columns: Int, rows: Int)? {
        var window = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0
        else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Colour is used only on a terminal that can show it, and never when `NO_COLOR` is set.
    package var colorEnabled: Bool {
        guard outputIsTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// True when the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`),
    /// so braille and box-drawing characters can be shown.
    package var usesUTF8: Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Progress may animate only on a terminal that understands carriage return and erase.
    package var animatesProgress: Bool {
        errorIsTerminal && environment["TERM"] != "dumb"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.inputIsTerminal == rhs.inputIsTerminal && lhs.outputIsTerminal == rhs.outputIsTerminal
            && lhs.errorIsTerminal == rhs.errorIsTerminal && lhs.size?.columns == rhs.size?.columns
            && lhs.size?.rows == rhs.size?.rows && lhs.environment == rhs.environment
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inputIsTerminal)
        hasher.combine(outputIsTerminal)
        hasher.combine(size?.columns)
        hasher.combine(size?.rows)
    }
}
