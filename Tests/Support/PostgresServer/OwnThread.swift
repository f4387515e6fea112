import Foundation

/// Blocking work on a thread of its own: a child process waited for, a libpq call waiting on
/// its socket.
///
/// Swift Testing runs suites side by side on the cooperative pool, which has one thread per
/// core (two in CI), and on the main actor. A test that blocks one of them for seconds stalls
/// every other suite, whose watchdogs then fire though nothing is wrong; a thread of its own
/// blocks only itself.
///
/// ```swift
/// let error = await #expect(throws: DatabaseError.self) {
///     try await OwnThread.run("pg_sleep") { try connection.run(sleep, stop: stop) { _ in } }
/// }
/// ```
package enum OwnThread {
    /// Starts `body` on a new thread named `name`, and calls `done` on that thread with what
    /// `body` returned or threw.
    package static func start<Value, Failure: Error>(
        _ name: String, _ body: @escaping @Sendable () throws(Failure) -> Value,
        done: @escaping @Sendable (Result<Value, Failure>) -> Void
    ) {
        let thread = Thread { done(Result { () throws(Failure) in try body() }) }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on a new thread named `name` and gives what it returned or threw; the task
    /// waits suspended, holding no thread of the pool.
    ///
    /// Cancelling the task does not end `body`: end the blocking call its own way (a raised
    /// `StopFlag`, the connection's `cancel()`, the server stopped).
    package static func run<Value: Sendable, Failure: Error>(
        _ name: String, _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation { continuation in
            start(name, body) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
