import ListKitTesting
import Synchronization

/// The answers still to serve; the last is served again once the others have been.
final class AnswerQueue: Sendable {
    private let state: Mutex<(answers: [LoopbackServer.Response], served: Int)>

    init(_ answers: [LoopbackServer.Response]) { state = Mutex((answers, 0)) }

    func next() -> LoopbackServer.Response? {
        state.withLock { state in
            defer { state.served += 1 }
            return state.served < state.answers.count ? state.answers[state.served] : state.answers.last
        }
    }

    func replace(_ answers: [LoopbackServer.Response]) { state.withLock { $0 = (answers, 0) } }
}
