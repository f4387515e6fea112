#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks before a large allocation whether it can succeed: a Swift allocation that fails ends
/// the program, while `malloc` says no (under `ulimit -v`, or a container's limit without
/// overcommit), so work that needs much memory can refuse with a message instead.
public enum SystemMemory {
    /// True when `bytes` could be allocated now: they are allocated and given back at once.
    ///
    /// - Complexity: O(1) (the memory is not touched).
    public static func isAvailable(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }
}
