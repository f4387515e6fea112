/// ANSI styling that is a no-op when colour is off, so rendering code never branches on it.
package struct TextStyle: Sendable, Hashable {
    package let enabled: Bool

    package init(enabled: Bool) {
        self.enabled = enabled
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func underline(_ text: String) -> String { wrap(text, "4") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func reverse(_ text: String) -> String { wrap(text, "7") }

    private func wrap(_ text: String, _ code: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
