import Foundation
import ListKit

extension Session {
    /// `watch [SECONDS]` on a live screen: reloads it every SECONDS (default 10, at least 5)
    /// while the prompt waits. Any command stops it; `watch` again starts it again. On a screen
    /// of securities it opens the quote screen of the rows on the page and watches that.
    ///
    /// - Throws: `WatchError` when the screen cannot be watched or SECONDS is bad.
    func startWatching(_ arguments: String) async throws {
        var list = try requireList("watch")
        let seconds = try watchInterval(arguments)
        if let screen = list as? any LiveScreen, screen.live == nil, screen.watchesRows {
            // The quotes of what the person is looking at: the page shown, one request for all.
            let page = Paging(count: list.count, pageSize: pageSize(for: list), position: list.position)
            guard let quotes = screen.liveScreen(forRowsIn: page.range) else {
                throw WatchError("no securities on this page to watch")
            }
            stack.push(.list(quotes))
            await loadIfNeeded(quotes)
            show()
            guard quotes.sourceFailures.isEmpty, quotes.state.hasRows else { return }
            list = quotes
        }
        guard let live = (list as? any LiveScreen)?.live else {
            throw WatchError("this screen's rows do not change by themselves; watch works on quote")
        }
        if let closed = live.closedNote() {
            notify("\(closed); not watching")
            return
        }
        let watcher = Watcher(list: list, seconds: seconds)
        watcher.task = Task { @MainActor [weak self, weak watcher] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(seconds))
                guard !Task.isCancelled, let self, let watcher else { return }
                await self.refresh(watcher)
            }
        }
        self.watcher = watcher
        emitWatchStatus()
    }

    /// SECONDS of `watch [SECONDS]`: 10 when not given, at least 5.
    private func watchInterval(_ arguments: String) throws -> Int {
        let text = arguments.trimmingCharacters(in: .whitespaces)
        var seconds = Watcher.defaultSeconds
        if !text.isEmpty {
            guard let given = Int(text), given > 0, given <= 86_400 else {
                throw WatchError("watch takes a number of seconds: watch 10")
            }
            seconds = given
        }
        if seconds < Watcher.minimumSeconds {
            notify("watch refreshes every \(Watcher.minimumSeconds) s at most; using \(Watcher.minimumSeconds)")
            seconds = Watcher.minimumSeconds
        }
        return seconds
    }

    /// Stops watching, saying so when `why` is given.
    func stopWatching(_ why: String? = nil) {
        guard let watcher else { return }
        watcher.task?.cancel()
        self.watcher = nil
        if let why { notify(why) }
    }

    /// One refresh: the list loaded again (a failure keeps the rows it had), then the prompt
    /// asked to draw the screen again.
    private func refresh(_ watcher: Watcher) async {
        let list = watcher.list
        // What the load says (a wait for the host's budget) is said as it happens, under the
        // table drawn again, so the person knows why the refresh is late.
        let progress = ProgressReporter { [weak watcher] note in
            Task { @MainActor in
                guard let watcher else { return }
                watcher.notes.append(note)
                TerminalMode.requestRedraw()
            }
        }
        await list.load(force: true, progress: progress, drawingWith: .terminal)
        guard !Task.isCancelled, self.watcher === watcher else { return }
        if let failure = list.sourceFailures.first {
            watcher.failures += 1
            if watcher.failures >= Watcher.failuresInARow {
                // Said under the screen drawn next, not over the prompt being typed at.
                watcher.task?.cancel()
                watcher.stopNote =
                    "watch stopped: \(watcher.failures) refreshes in a row failed (\(failure.reason)); watch tries again"
            }
        } else {
            watcher.failures = 0
        }
        TerminalMode.requestRedraw()
    }

    /// The line under a watched screen: how often, and when the data was taken.
    func emitWatchStatus() {
        guard let watcher else { return }
        if let note = watcher.stopNote {
            self.watcher = nil
            notify(note)
            return
        }
        guard let list = currentList, list === watcher.list else { return }
        for note in watcher.notes { emit(note + "\n") }
        watcher.notes = []
        let live = (list as? any LiveScreen)?.live
        var parts = ["watching every \(watcher.seconds) s"]
        if let status = live?.status() { parts.append(status) }
        if watcher.failures > 0 { parts.append("\(watcher.failures) failed in a row") }
        parts.append("any command stops")
        emit(parts.joined(separator: " · ") + "\n")
    }
}
