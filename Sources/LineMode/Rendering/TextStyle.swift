/// ANSI styling that is a no-op when colour is off, so rendering code never branches on it.
public struct TextStyle: Sendable, Hashable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func underline(_ text: String) -> String { wrap(text, "4") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
