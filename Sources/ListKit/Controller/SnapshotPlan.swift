/// A batch run that prints a screen again and again (`--every 10 --count 30`): after the first
/// snapshot, the screen is loaded again every `seconds` and its rows written again, `count`
/// snapshots in all. CSV writes its header once and appends rows; JSON writes JSON Lines, one
/// object per row per snapshot.
package struct SnapshotPlan: Sendable, Hashable {
    /// Seconds between the starts of two snapshots.
    package var seconds: Int
    /// How many snapshots in all.
    package var count: Int

    package init(seconds: Int, count: Int) {
        self.seconds = seconds
        self.count = count
    }
}

/// A screen that may ask its batch run for repeated snapshots.
@MainActor
package protocol SnapshotPlanning: AnyObject {
    /// The snapshots the command asked for; `nil` for one.
    var snapshotPlan: SnapshotPlan? { get }
}
