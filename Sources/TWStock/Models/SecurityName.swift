import ListKit

/// A security's name as a day report writes it: padded to a fixed width with spaces (T86,
/// TPEx) or U+3000 (`台積電          `). The screen shows the name; exports keep the source's
/// text, so a file exports as the exchange sent it.
package struct SecurityName: Sendable, Hashable, CustomStringConvertible {
    /// The field exactly as the source wrote it.
    package let source: String
    /// The name without its padding (runs of padding inside collapsed to one space).
    package let shown: String

    /// Reads a name field.
    package init(source: String) {
        self.source = source
        shown = FieldText.clean(source) ?? ""
    }

    /// The name shown.
    package var description: String { shown }

    /// The table's cell: the name shown, the source's text exported.
    var cell: Cell { Cell(.text(source), text: shown) }
}
