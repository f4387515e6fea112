#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks before a large allocation whether it can succeed: a Swift allocation that fails ends
/// the program, while `malloc` says no (under `ulimit -v`, or a container's limit without
/// overcommit), so work that needs much memory can refuse with a message instead.
package enum SystemMemory {
    /// True when `bytes` could be allocated now: they are mapped and given back at once.
    ///
    /// A `malloc` followed by `free` of a pointer nobody reads may be removed by the optimizer
    /// (a release build did: the check always said yes), so the pages are asked of the system,
    /// as `malloc` does for a block this large.
    ///
    /// - Complexity: O(1) (the memory is not touched).
    package static func isAvailable(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            block != MAP_FAILED
        else { return false }
        munmap(block, bytes)
        return true
    }
}
