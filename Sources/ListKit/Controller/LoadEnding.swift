/// How a load the front end ran for a command ended (``Selection/load(then:)``).
public enum LoadEnding: Sendable, Hashable {
    /// Every source it was to load was asked: each arrived or failed (the failures were said).
    case finished
    /// Ctrl-C stopped it: what arrived before is kept and shown, the rest is not loaded.
    case interrupted
}
