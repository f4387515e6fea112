import BrowseSupport
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// Signing in: a wrong password is the server's message once, never the password; an
/// unreachable server is one line.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
struct PostgresAuthenticationTests {
    @Test(arguments: ["scram", "md5"])
    func aWrongPasswordIsRefusedOnceWithoutShowingIt(method: String) async throws {
        let password = "right-Pa55"
        let authentication: PostgresServer.Authentication =
            method == "md5" ? .md5(password: password) : .scram(password: password)
        try await PostgresServer.with(authentication) { server in
            let wrong = "wr0ng-s3cret"
            let refusal = #expect(throws: DatabaseError.self) {
                try PostgresConnection(server.url(password: wrong))
            }
            #expect(refusal?.code == .connection)
            #expect(refusal?.description.contains("password authentication failed for user \"postgres\"") == true)
            #expect(refusal?.description.contains(wrong) == false)
            #expect(refusal?.description.contains("\n") == false)
            #expect(refusal?.description.hasPrefix("cannot connect to postgres://postgres:***@127.0.0.1:") == true)
            // One attempt reached the server: no retry loop.
            #expect(server.log.components(separatedBy: "password authentication failed").count - 1 == 1)
            // A connection string's password is hidden as a URL's is.
            let keywords = "host=127.0.0.1 port=\(server.port) user=postgres password=\(wrong) dbname=postgres"
            let other = #expect(throws: DatabaseError.self) { try PostgresConnection(keywords) }
            #expect(other?.description.contains(wrong) == false)
            let connection = try PostgresConnection(server.url(password: password))
            #expect(!connection.displayName.contains(password))
        }
    }

    @Test func anUnreachableServerIsOneLine() throws {
        let refusal = #expect(throws: DatabaseError.self) {
            try PostgresConnection("postgres://ann:pw@127.0.0.1:1/sales")
        }
        #expect(refusal?.code == .connection)
        #expect(refusal?.description.hasPrefix("cannot connect to postgres://ann:***@127.0.0.1:1/sales: ") == true)
        #expect(refusal?.description.contains("Connection refused") == true)
        #expect(refusal?.description.contains("\n") == false)
    }
}
