/// What one of a security's loads brought: its days, and what they showed of the security.
struct SecurityDays: Sendable {
    /// The trading days, as the exchange or the cache gave them.
    var ticks: [DailyTick]
    /// The market whose exchange published them; `nil` when they say nothing of it (no days).
    var market: Market?
    /// The security's short name, when the answer gave one.
    var name: String?
    /// Its company, when the cached company lists know it.
    var company: Company?
}
