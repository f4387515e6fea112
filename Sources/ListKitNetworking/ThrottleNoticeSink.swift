/// Where a throttle's notices go, as a task-local value. A struct around the closure: a task
/// local of an optional function type crashes an optimized build when it is set
/// (`swift_task_localValuePush` reads the metadata of the function type, which the optimizer
/// left out; Swift 6.3.1 on Linux), so every download of a release build crashed.
struct ThrottleNoticeSink: Sendable {
    let say: @Sendable (String) -> Void
}
