/// A statement's text and the values bound to its parameters, in order.
///
/// The text holds only what the program wrote and identifiers quoted by the dialect; every
/// value from a person (a filter's text, a `where` number) is one of `parameters`, so a
/// value can never change what the statement does.
package struct SQLStatement: Sendable, Hashable, CustomStringConvertible {
    /// The statement, with placeholders written by ``SQLDialect/placeholder(_:)``.
    package var text: String
    /// The values of the placeholders, as text (`nil` binds NULL), first to last.
    package var parameters: [String?]

    package init(_ text: String, parameters: [String?] = []) {
        self.text = text
        self.parameters = parameters
    }

    package var description: String { text }
}
