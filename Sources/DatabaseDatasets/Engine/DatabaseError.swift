import BrowseSupport

/// Why a database could not be opened or could not answer, in one line.
package struct DatabaseError: UserFacingError, Equatable {
    /// What went wrong.
    package enum Code: Sendable, Hashable {
        /// The engine's C library is not on this machine; `install` says how to get it.
        case libraryMissing(library: String, install: String)
        /// The server could not be reached, or refused the session (a wrong password).
        case connection
        /// The engine refused the statement; `position` is the character it names, from 1.
        case statement(position: Int?)
        /// The statement ran past the session's statement timeout.
        case timedOut(seconds: Int)
        /// The connection was lost while a statement ran.
        case lostConnection
        /// Ctrl-C: the statement was stopped on the engine.
        case interrupted
        /// The file is not a database, or the table asked for is not in it.
        case notFound
    }

    package var code: Code
    /// The engine's own message (already free of any password), or ours.
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String {
        switch code {
        case .libraryMissing(let library, let install):
            "\(message): the library \(library) is not installed (\(install))"
        case .statement(let position?):
            "\(message) (at character \(position))"
        case .timedOut(let seconds):
            "\(message): the statement ran longer than \(seconds) s (--statement-timeout sets the limit)"
        default:
            message
        }
    }

    package var exitCode: ExitCode { code == .interrupted ? .interrupted : .failure }

    package var remedy: Remedy? {
        switch code {
        case .lostConnection: .retry
        default: nil
        }
    }
}
