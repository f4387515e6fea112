import Foundation
import ListKit

extension Session {
    /// `watch [SECONDS]` on a live screen: reloads it every SECONDS (default 10, at least 5)
    /// while the prompt waits. Any command stops it; `watch` again starts it again.
    ///
    /// - Throws: `WatchError` when the screen cannot be watched or SECONDS is bad.
    func startWatching(_ arguments: String) throws {
        let list = try requireList("watch")
        guard let live = (list as? any LiveScreen)?.live else {
            throw WatchError("this screen's rows do not change by themselves; watch works on quote")
        }
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
        await list.load(force: true, progress: ProgressReporter())
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
        let live = (list as? any LiveScreen)?.live
        var parts = ["watching every \(watcher.seconds) s"]
        if let status = live?.status() { parts.append(status) }
        if watcher.failures > 0 { parts.append("\(watcher.failures) failed in a row") }
        parts.append("any command stops")
        emit(parts.joined(separator: " · ") + "\n")
    }
}
