import Foundation
import Synchronization

/// The throttle's tickets for one download: one for each request it makes — the first, and
/// each redirect hop — so that every request the server sees is counted, each against the
/// budget of the URL it goes to.
final class ThrottleTickets: Sendable {
    private struct State {
        var current: HostThrottle.Ticket?
        var budget: String?
        var finished = false
    }

    private let throttle: HostThrottle?
    private let openAtMost: Double
    private let notices: (@Sendable (String) -> Void)?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - throttle: The throttle; `nil` counts nothing.
    ///   - openAtMost: The longest a request of this download can stay open (its deadline).
    ///   - notices: Where the throttle says what a long wait is for.
    init(throttle: HostThrottle?, openAtMost: Double, notices: (@Sendable (String) -> Void)?) {
        self.throttle = throttle
        self.openAtMost = openAtMost
        self.notices = notices
    }

    /// The budget of the latest request (`localhost:8080`), once one has begun.
    var budget: String? { state.withLock { $0.budget } }

    /// Waits until a request to `url` is allowed, and holds its ticket.
    ///
    /// - Throws: ``FetchError/waiting(host:status:seconds:remaining:)`` when the server asked
    ///   for a wait that has not passed; ``FetchError/cancelled`` when the task was cancelled or
    ///   the download is already over.
    func begin(_ url: URL) async throws(FetchError) {
        let budget = await ThrottleBudget.key(for: url)
        guard let throttle else {
            state.withLock { $0.budget = budget }
            return
        }
        let ticket: HostThrottle.Ticket
        do {
            ticket = try await throttle.begin(host: budget, openAtMost: openAtMost, notices: notices)
        } catch let paused as HostThrottle.Paused {
            throw .waiting(
                host: url.host ?? budget, status: paused.status, seconds: paused.seconds, remaining: paused.remaining)
        } catch {
            throw .cancelled
        }
        let kept = state.withLock { state in
            guard !state.finished else { return false }
            state.current = ticket
            state.budget = budget
            return true
        }
        if !kept {
            throttle.end(ticket)
            throw .cancelled
        }
    }

    /// The server has answered the current request (or it is over): it is dated now.
    func answered() {
        guard let ticket = state.withLock({ $0.current.take() }) else { return }
        throttle?.end(ticket)
    }

    /// A redirect: the current request was answered; waits until the next one is allowed.
    ///
    /// - Throws: As ``begin(_:)``.
    func hop(to url: URL) async throws(FetchError) {
        answered()
        try await begin(url)
    }

    /// The download is over: the current request ends, and a hop still waiting takes none.
    func finish() {
        state.withLock { $0.finished = true }
        answered()
    }
}
