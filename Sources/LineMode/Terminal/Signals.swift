#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide signal settings.
public enum Signals {
    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
    /// program can stop quietly when its reader goes away.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
