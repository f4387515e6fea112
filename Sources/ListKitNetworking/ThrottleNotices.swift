/// Where a throttle says what it waits for, held in a task-local value.
///
/// The task-local holds this struct rather than the closure itself: the optimizer of Swift 6.3
/// passes no type metadata for a task-local of optional function type, and binding one ends a
/// release build with SIGSEGV on its first download.
struct ThrottleNotices: Sendable {
    /// Receives one line for the person.
    let say: @Sendable (String) -> Void
}
