#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide signal settings.
package enum Signals {
    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
    /// program can stop quietly when its reader goes away.
    package static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Makes every signal that would end the program (SIGTERM, SIGHUP, SIGUSR1, …) first give
    /// the terminal back and remove the temporary files of unfinished writes, then end it as it
    /// would have, with the same status. Call once, early.
    package static func cleanUpBeforeEnding() {
        TerminalMode.installEndingHandlers()
    }
}

/// Process-wide memory settings.
package enum MemoryPolicy {
    /// Makes large blocks (128 KiB and up: indexes, sort keys, filter results of big files) come
    /// from and go back to the system directly, and keeps every thread's allocations in one heap. glibc otherwise raises this threshold as large
    /// blocks are freed and then keeps later ones in its heap, so a session open all day would
    /// hold on to the memory of its biggest moments (measured with Fuzz/soak.py: 103 MiB
    /// retained after 10,000 commands, 25 MiB with this setting).
    package static func returnLargeBlocksToTheSystem() {
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module map; glibc exports it, so it is looked up.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
            _ = mallopt(mmapThreshold, 128 * 1024)
            // One heap for every thread. glibc otherwise gives each new thread a heap of its
            // own that reserves 64 MiB of address space; under `ulimit -v` that reservation
            // failed on a worker of an export, and a failed allocation ends a Swift program.
            // The threads allocate little in their loops, so sharing costs nothing measurable.
            let arenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
            _ = mallopt(arenaMax, 1)
        #endif
    }
}
