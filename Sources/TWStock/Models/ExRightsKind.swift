/// What a security goes ex on its day: rights (除權, a stock dividend or rights issue), a cash
/// dividend (除息), or both (除權息).
package enum ExRightsKind: String, Sendable, Hashable, CaseIterable {
    case rights = "權"
    case dividend = "息"
    case both = "權息"

    /// Reads the exchanges' words: TWSE's `權`, `息`, `權息`, TPEx's `除權`, `除息`, `除權息`;
    /// `nil` for anything else.
    package init?(source: String) {
        var text = FieldText.clean(source) ?? ""
        if text.hasPrefix("除") { text.removeFirst() }
        self.init(rawValue: text)
    }
}
