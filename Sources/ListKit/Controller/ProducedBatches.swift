import Synchronization

/// Batches of items made by a task of their own, for a source that shows rows as they arrive.
///
/// Cancelling the task that reads them cancels the producing task and then waits for it to
/// end: a load is over only when its work is, so a reload never runs beside a read of the same
/// input that has not noticed the cancel yet (a silent pipe).
public struct ProducedBatches<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = [Item]

    private let produce: @Sendable (_ deliver: @escaping @Sendable ([Item]) -> Void) async throws -> Void

    /// Batches that `produce` delivers, in order; the sequence ends when it returns, or with
    /// what it throws.
    public init(_ produce: @escaping @Sendable (_ deliver: @escaping @Sendable ([Item]) -> Void) async throws -> Void) {
        self.produce = produce
    }

    public func makeAsyncIterator() -> Iterator {
        let channel = Channel()
        let produce = produce
        let task = Task {
            do {
                try await produce { channel.push($0) }
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        return Iterator(channel: channel, task: task)
    }

    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let channel: Channel
        let task: Task<Void, Never>

        public mutating func next() async throws -> [Item]? {
            let channel = channel
            return try await withTaskCancellationHandler {
                try await channel.next()
            } onCancel: { [task] in
                task.cancel()
            }
        }
    }

    /// Batches waiting to be read, and the one reader waiting for them.
    fileprivate final class Channel: Sendable {
        private struct State {
            var batches: [[Item]] = []
            var end: Result<Void, any Error>?
            var waiter: CheckedContinuation<[Item]?, any Error>?
        }
        private let state = Mutex(State())

        func push(_ batch: [Item]) {
            let waiter = state.withLock { state -> CheckedContinuation<[Item]?, any Error>? in
                guard let waiter = state.waiter else {
                    state.batches.append(batch)
                    return nil
                }
                state.waiter = nil
                return waiter
            }
            waiter?.resume(returning: batch)
        }

        func finish(_ error: (any Error)?) {
            let waiter = state.withLock { state -> CheckedContinuation<[Item]?, any Error>? in
                state.end = error.map { .failure($0) } ?? .success(())
                defer { state.waiter = nil }
                return state.waiter
            }
            if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
        }

        /// The next batch; `nil` at the end. Not cut short by cancellation: the producer's end is.
        func next() async throws -> [Item]? {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<[Item]?, any Error>? in
                    if !state.batches.isEmpty { return .success(state.batches.removeFirst()) }
                    if let end = state.end { return end.map { nil } }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
