import Synchronization

/// Where a producing source hands its items: batch by batch, or, once it has them all, as the
/// whole list, which spares a list of millions of rows a copy.
public struct BatchDelivery<Item: Sendable>: Sendable {
    fileprivate let push: @Sendable (_ items: [Item], _ isWhole: Bool) -> Void

    /// Adds `batch` after the items delivered before it.
    public func callAsFunction(_ batch: [Item]) {
        push(batch, false)
    }

    /// Hands over every item so far: those delivered before, in the same order, then the rest
    /// (a preview of a file's first rows, then all of them). A list takes `items` as it is
    /// instead of appending a copy of the rest to what it holds.
    public func whole(_ items: [Item]) {
        push(items, true)
    }
}

/// Batches of items made by a task of their own, for a source that shows rows as they arrive.
///
/// Cancelling the task that reads them cancels the producing task and then waits for it to
/// end: a load is over only when its work is, so a reload never runs beside a read of the same
/// input that has not noticed the cancel yet (a silent pipe).
public struct ProducedBatches<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = [Item]

    private let produce: @Sendable (_ deliver: BatchDelivery<Item>) async throws -> Void

    /// Batches that `produce` delivers, in order; the sequence ends when it returns, or with
    /// what it throws.
    public init(_ produce: @escaping @Sendable (_ deliver: BatchDelivery<Item>) async throws -> Void) {
        self.produce = produce
    }

    public func makeAsyncIterator() -> Iterator {
        let channel = Channel()
        let produce = produce
        let task = Task {
            do {
                try await produce(BatchDelivery { channel.push(Delivered(items: $0, isWhole: $1)) })
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        return Iterator(channel: channel, task: task)
    }

    /// What the producer handed over at once: a batch, or every item so far.
    package struct Delivered: Sendable {
        /// The batch, or every item so far (the earlier ones first) when `isWhole`.
        package let items: [Item]
        package let isWhole: Bool
    }

    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let channel: Channel
        let task: Task<Void, Never>
        /// How many items came before, so that a whole list reads as the batch of its rest.
        private var delivered = 0

        fileprivate init(channel: Channel, task: Task<Void, Never>) {
            self.channel = channel
            self.task = task
        }

        /// The next batch: of a whole list, the items past those delivered before.
        public mutating func next() async throws -> [Item]? {
            let before = delivered
            guard let next = try await nextDelivered() else { return nil }
            return next.isWhole ? Array(next.items.dropFirst(before)) : next.items
        }

        /// The next batch or whole list, as the producer handed it over.
        package mutating func nextDelivered() async throws -> Delivered? {
            let channel = channel
            let next = try await withTaskCancellationHandler {
                try await channel.next()
            } onCancel: { [task] in
                task.cancel()
            }
            guard let next else { return nil }
            delivered = next.isWhole ? next.items.count : delivered + next.items.count
            return next
        }
    }

    /// Batches waiting to be read, and the one reader waiting for them.
    fileprivate final class Channel: Sendable {
        private struct State {
            var batches: [Delivered] = []
            var end: Result<Void, any Error>?
            var waiter: CheckedContinuation<Delivered?, any Error>?
        }
        private let state = Mutex(State())

        func push(_ batch: Delivered) {
            let waiter = state.withLock { state -> CheckedContinuation<Delivered?, any Error>? in
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
            let waiter = state.withLock { state -> CheckedContinuation<Delivered?, any Error>? in
                state.end = error.map { .failure($0) } ?? .success(())
                defer { state.waiter = nil }
                return state.waiter
            }
            if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
        }

        /// The next batch; `nil` at the end. Not cut short by cancellation: the producer's end is.
        func next() async throws -> Delivered? {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Delivered?, any Error>? in
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
