import ListKit

/// The command-line options of databases.
package enum DatabaseOptions {
    static let table = TypedOption<String>.text(
        "table", value: "NAME", summary: "a database's table or view to open (default: the list of them)")
    static let query = TypedOption<String>.text(
        "query", value: "SQL", summary: "a database query whose rows to browse: --query 'SELECT …'")
    static let statementTimeout = TypedOption<Int>.integer(
        "statement-timeout", in: 1...86_400, value: "SECONDS",
        summary: "stop a database statement that runs longer (default: 30)")

    /// Every option, as `--help` lists them.
    package static let declared: [OptionDeclaration] = [
        table.declaration, query.declaration, statementTimeout.declaration,
    ]

    /// The statement timeout when none is given.
    static let defaultTimeout = 30
}
