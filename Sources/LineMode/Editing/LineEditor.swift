import BrowseSupport
import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The prompt at a terminal: reads a command with line editing, history and completion.
///
/// Used only when commands come from a terminal and the screen is one (never for a pipe, a
/// file or `-c`, which read plain lines and never touch the history). The terminal is in raw
/// mode only while a line is typed (`TerminalMode`); each command runs with the terminal as
/// it was.
///
/// Keys: ←/→, Home/End, Ctrl-A/E/B/F, Alt-B/F (words), Backspace, Delete, Ctrl-K/U/W, Alt-D,
/// Ctrl-Y, Ctrl-L; ↑/↓ and Ctrl-P/N walk the history, Ctrl-R searches it; Tab completes;
/// Ctrl-C drops the line; Ctrl-D on an empty line ends the input; Ctrl-Z stops the program.
package struct LineEditor: LineSource {
    private let input: Int32
    private let output: Int32
    private var history: History
    private let historyFile: HistoryFile?
    private var historySaved = true
    private let completer: Completer
    private let context: @MainActor () -> CompletionContext
    private let note: @MainActor (String) -> Void
    private var decoder = KeyDecoder()
    private var view = LineView()
    /// Keys read but not used yet: typed ahead of the line just finished.
    private var waiting: [Key] = []
    /// The line being typed when a redraw interrupted the prompt, to go on with.
    private var interrupted: EditorState?
    /// Set when the screen should be drawn again (a resize, or rows arrived) while the prompt
    /// waited.
    private var redraw = false
    /// How long an Escape waits for the rest of a sequence.
    private static let escapeWait: Int32 = 100  // milliseconds

    /// A prompt reading `input` and drawing on `output`, when both are terminals that can
    /// show it (not `TERM=dumb`).
    ///
    /// - Parameters:
    ///   - environment: For `TERM`, `HOME` and the history file's place (`BROWSE_HISTORY`,
    ///     `XDG_STATE_HOME`).
    ///   - context: What Tab offers on the current screen; asked for at each Tab.
    ///   - note: Writes a message (a history file that cannot be written), once.
    /// - Returns: nil when the prompt cannot edit here; read plain lines instead.
    package static func atTerminal(
        input: Int32, output: Int32, environment: [String: String], program: String,
        context: @escaping @MainActor () -> CompletionContext, note: @escaping @MainActor (String) -> Void
    ) -> LineEditor? {
        guard isatty(input) != 0, isatty(output) != 0 else { return nil }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return nil }
        guard TerminalMode.install(input: input, output: output) else { return nil }
        return LineEditor(
            input: input, output: output, historyFile: HistoryFile.location(environment: environment, program: program),
            completer: Completer(home: environment["HOME"]), context: context, note: note)
    }

    init(
        input: Int32, output: Int32, historyFile: HistoryFile?, completer: Completer,
        context: @escaping @MainActor () -> CompletionContext, note: @escaping @MainActor (String) -> Void
    ) {
        self.input = input
        self.output = output
        self.historyFile = historyFile
        self.completer = completer
        self.context = context
        self.note = note
        var loaded = History()
        var saves = true
        if let historyFile {
            do {
                loaded = try historyFile.load()
            } catch {
                // Something other than a file (a device, a FIFO) is left alone all session: one line.
                saves = !error.isNotARegularFile
                let ending =
                    saves
                    ? "; earlier commands are not recalled"
                    : "; commands are neither recalled nor saved (BROWSE_HISTORY= turns the history off)"
                MainActor.assumeIsolated { note(error.description + ending) }
            }
        }
        self.history = loaded
        self.historySaved = saves
    }

    /// The editor draws its own prompt.
    package var drawsPrompt: Bool { true }

    /// Reads one line from the person at the terminal.
    ///
    /// - Returns: The line; nil when they end the input (Ctrl-D on an empty line) or the
    ///   terminal goes away.
    package mutating func nextLine() async -> InputLine? {
        guard TerminalMode.enter() else { return nil }
        defer { TerminalMode.leave() }
        Interrupts.shared.promptStarted()
        let pending = TerminalMode.drainWake()
        if pending.contains(TerminalMode.resized) || pending.contains(TerminalMode.refresh), interrupted == nil {
            // The window changed, or rows arrived, while a command ran: draw the screen first.
            return .redraw
        }
        let completer = self.completer
        let context = self.context
        let complete: (String) -> Completion = { text in
            MainActor.assumeIsolated { completer.complete(text, in: context()) }
        }
        var state = interrupted ?? EditorState(history: history.entries, complete: complete)
        interrupted = nil
        view.reset()
        draw(state)
        while true {
            while !waiting.isEmpty {
                let key = waiting.removeFirst()
                switch state.handle(key) {
                case .redraw:
                    draw(state)
                case .accept(let line):
                    // Drawn once more, in case a search prompt was showing.
                    draw(state)
                    send("\r\n")
                    return accept(line)
                case .endOfInput:
                    return nil
                case .interrupt:
                    send("^C\r\n")
                    // The session stops what runs in the background, then asks again.
                    return .interrupt
                case .suspend:
                    TerminalMode.suspend()
                case .clearScreen:
                    // The session draws the current page on the cleared screen, then the line.
                    send("\u{1B}[H\u{1B}[2J")
                    interrupted = state
                    return .redraw
                case .list(let candidates):
                    send("\r\n" + Self.columns(candidates, width: terminalWidth()))
                    draw(state)
                case .bell:
                    send("\u{07}")
                case .unchanged:
                    break
                }
            }
            guard await readKeys(redrawing: state) else { return nil }
            if redraw {
                // The session draws the screen again, then the line.
                redraw = false
                interrupted = state
                send("\r\u{1B}[K")
                return .redraw
            }
        }
    }

    /// Waits for keys (or a resize, or a continue after a stop) and decodes them.
    ///
    /// - Returns: False at the end of the input: the terminal is gone.
    private mutating func readKeys(redrawing state: EditorState) async -> Bool {
        // The wait happens off the main actor, so loads running in the background go on while
        // the person thinks.
        let (ready, descriptors) = await Self.waitForKeys(
            input: input, wake: TerminalMode.wakeDescriptor, timeout: decoder.isWaiting ? Self.escapeWait : -1)
        if ready < 0 {
            // The poll's errno, carried back negated from its thread.
            return -ready == EINTR || -ready == EAGAIN
        }
        if ready == 0 {
            waiting += decoder.flush()
            return true
        }
        if descriptors[1].revents != 0 {
            let wakes = TerminalMode.drainWake()
            if wakes.contains(TerminalMode.resized) || wakes.contains(TerminalMode.refresh) {
                redraw = true
                return true
            }
            if !wakes.isEmpty { draw(state) }
        }
        guard descriptors[0].revents != 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        waiting += decoder.feed(chunk[0..<count])
        return true
    }

    /// Polls the input and the wake pipe on a thread of its own.
    private nonisolated static func waitForKeys(input: Int32, wake: Int32, timeout: Int32) async -> (Int32, [pollfd]) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInteractive).async {
                var descriptors = [
                    pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, timeout)
                let failure = ready < 0 ? errno : 0
                continuation.resume(returning: (ready < 0 ? -failure : ready, descriptors))
            }
        }
    }

    private mutating func accept(_ line: String) -> InputLine {
        let bytes = line.utf8.count
        if bytes > FileDescriptorLines.maximumLineBytes { return .tooLong(bytes: bytes) }
        // Kept without the space a completion leaves at the end, so repeats are seen as such.
        let entry = String(line.reversed().drop(while: \.isWhitespace).reversed())
        guard history.add(entry) else { return .line(line) }
        if let historyFile, historySaved {
            do {
                // The file outlives the session and other people may read it: no passwords.
                try historyFile.append(PasswordRedaction.redacting(entry))
            } catch {
                historySaved = false
                let note = self.note
                MainActor.assumeIsolated {
                    note(error.description + "; commands are not saved this session (BROWSE_HISTORY= turns that off)")
                }
            }
        }
        return .line(line)
    }

    private mutating func draw(_ state: EditorState) {
        send(view.draw(prompt: state.prompt, buffer: state.buffer, width: terminalWidth()))
    }

    private func send(_ text: String) {
        try? SystemIO.writeAll(output, Array(text.utf8))
    }

    /// The terminal's width now (it may have changed since the last line).
    private func terminalWidth() -> Int {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return 80 }
        return Int(window.ws_col)
    }

    /// Candidates in columns, as a second Tab lists them under the prompt: the first 100, then
    /// how many more there are. Lines end with CR LF, as the terminal is in raw mode.
    ///
    /// - Parameters:
    ///   - candidates: What Tab could complete to.
    ///   - width: The terminal's width.
    package nonisolated static func columns(_ candidates: [String], width: Int) -> String {
        let limit = 100
        let shown = candidates.prefix(limit).map { VisibleText.make($0) }
        let cell = min(max(1, width - 1), (shown.map { DisplayWidth.of($0) }.max() ?? 0) + 2)
        let perRow = max(1, (width - 1) / cell)
        var lines: [String] = []
        var index = 0
        while index < shown.count {
            let row = shown[index..<min(index + perRow, shown.count)]
            let text = row.map { TextFitting.fit($0, toWidth: cell, alignment: .leading) }.joined()
            lines.append(String(text.reversed().drop(while: { $0 == " " }).reversed()))
            index += perRow
        }
        if candidates.count > limit { lines.append("… and \(candidates.count - limit) more") }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
