import Synchronization

/// Splits work over every row between the cores: the one way the package runs a job on
/// several threads.
///
/// The pieces run on threads of their own (``WorkerThreads``), so a long job never starves
/// Dispatch's few workers, which the screen and Ctrl-C need. Each piece should look at the stop
/// flag between blocks of rows and return early once it is raised.
package enum ParallelWork {
    /// How many pieces a job of `count` items is split into: one below `threshold` items, else
    /// one a core, at most eight.
    package static func pieces(for count: Int, threshold: Int = 100_000) -> Int {
        count >= threshold ? max(1, min(8, SystemIO.processorCount)) : 1
    }

    /// The range of items piece `piece` of `pieces` takes out of `count`.
    package static func range(ofPiece piece: Int, of pieces: Int, count: Int) -> Range<Int> {
        (count * piece / pieces)..<(count * (piece + 1) / pieces)
    }

    /// Calls `body` once for each piece in `0..<pieces`, all at once, and returns what each
    /// returned, in piece order.
    ///
    /// - Parameters:
    ///   - pieces: How many pieces; 1 runs `body` on the calling thread.
    ///   - stop: Raised when the work should stop; pieces that have not started then skip
    ///     `body` and give `nil`.
    ///   - body: One piece's work.
    /// - Returns: Each piece's result, or `nil` for a piece skipped after the flag was raised.
    package static func map<Value: Sendable>(
        _ pieces: Int, stop: StopFlag = .never, _ body: @Sendable (Int) -> Value
    ) -> [Value?] {
        let results = Mutex<[Value?]>(Array(repeating: nil, count: max(0, pieces)))
        WorkerThreads.run(pieces) { piece in
            guard !stop.isRaised else { return }
            let result = body(piece)
            results.withLock { $0[piece] = result }
        }
        return results.withLock { $0 }
    }

    /// Calls `body` once for each piece in `0..<pieces`, all at once, and returns when every
    /// piece has.
    package static func run(_ pieces: Int, stop: StopFlag = .never, _ body: @Sendable (Int) -> Void) {
        WorkerThreads.run(pieces) { piece in
            guard !stop.isRaised else { return }
            body(piece)
        }
    }
}
