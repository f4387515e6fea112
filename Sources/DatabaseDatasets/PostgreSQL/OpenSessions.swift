import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PostgreSQL sessions open in this process. At exit each cancels the statement it is
/// running: a script ends before the exact count it started in the background, and the
/// server would go on counting, since it notices a closed connection only when it next writes.
enum OpenSessions {
    private struct Entry: @unchecked Sendable {
        // Unchecked: read and written only under `sessions`' lock.
        weak var session: PostgresConnection?
    }

    private static let sessions = Mutex<[ObjectIdentifier: Entry]>([:])

    private static let cancelledAtExit: Void = {
        atexit { OpenSessions.cancelRunning() }
    }()

    /// Takes `session` in, to be cancelled at exit if it is then running a statement.
    static func add(_ session: PostgresConnection) {
        _ = cancelledAtExit
        sessions.withLock { $0[ObjectIdentifier(session)] = Entry(session: session) }
    }

    /// Lets `session` go (it was closed).
    static func remove(_ session: PostgresConnection) {
        _ = sessions.withLock { $0.removeValue(forKey: ObjectIdentifier(session)) }
    }

    /// Sends the server a cancel request for each statement running now.
    static func cancelRunning() {
        let open = sessions.withLock { $0.values.compactMap(\.session) }
        for session in open { session.cancel() }
    }
}
