/// What differs between the engines in how a statement is written.
package enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgres

    /// `identifier` as a quoted identifier: in double quotes, with each double quote doubled, so
    /// a column named `"; DROP TABLE` is only ever a name.
    package func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacing("\"", with: "\"\"") + "\""
    }

    /// The placeholder of the parameter numbered `number`, from 1.
    package func placeholder(_ number: Int) -> String {
        switch self {
        case .sqlite: "?\(number)"
        case .postgres: "$\(number)"
        }
    }
}
