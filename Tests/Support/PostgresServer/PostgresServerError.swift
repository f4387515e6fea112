/// Why a test server could not be made, started or given its data: the command and what it
/// printed, with the server's log when there is one.
package struct PostgresServerError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
