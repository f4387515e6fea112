import ListKit

/// `watch` at the prompt: the screen reloaded every few seconds while the person types, and
/// the prompt asked to draw it again, the half-typed line kept.
@MainActor
final class Watcher {
    /// The screen watched: another screen on top stops nothing, but is not redrawn for it.
    let list: any ListScreen
    let seconds: Int
    /// Refreshes that failed in a row.
    var failures = 0
    var task: Task<Void, Never>?
    /// Why watching stopped by itself, said under the screen when it is drawn next.
    var stopNote: String?
    /// What the last refresh said while loading (a wait for the host's budget), said under
    /// the screen drawn next.
    var notes: [String] = []

    init(list: any ListScreen, seconds: Int) {
        self.list = list
        self.seconds = seconds
    }

    /// The default interval, and the shortest: the quote service's own page refreshes every 5 s.
    static let defaultSeconds = 10
    static let minimumSeconds = 5
    /// Failed refreshes in a row that stop watching.
    static let failuresInARow = 3
}
