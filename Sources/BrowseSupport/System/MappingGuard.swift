import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a memory-mapped file from ending the program when another program shrinks it.
///
/// Reading a page of a mapping past the file's new end raises SIGBUS, which would kill the
/// process. A mapping registered here is watched by a SIGBUS handler: a fault inside it
/// replaces the pages from the faulting one to the mapping's end with zero-filled memory (so
/// the read goes on and sees zeros) and marks the mapping as damaged, which its owner checks
/// (``isDamaged(_:)``) before trusting what it read. A fault anywhere else is left to the
/// system, as before.
///
/// The handler reads only a fixed table of plain words (written under a lock before a mapping
/// is watched, cleared after), sets a bit of one lock-free atomic word, and calls `mmap`; it
/// takes no lock and allocates nothing.
package enum MappingGuard {
    /// A registered mapping, returned by ``register(_:length:)``.
    package struct Registration: Sendable, Hashable {
        fileprivate let slot: Int
    }

    /// How many mappings can be watched at once (the bits of the damaged word); more are
    /// simply not watched.
    static let capacity = 64

    /// Two words per slot: start address, end address (0 when free); then the page size, so the
    /// handler calls nothing to learn it.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UInt> = {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: capacity * 2 + 1)
        words.initialize(repeating: 0, count: capacity * 2)
        (words + capacity * 2).initialize(to: UInt(max(4_096, sysconf(Int32(_SC_PAGESIZE)))))
        return words
    }()
    /// One bit per slot, set by the handler when a read of that mapping went past its file's
    /// end. Atomic, because the handler writes it on whichever thread faulted while the owner
    /// reads it on another.
    private static let damaged = Atomic<UInt64>(0)
    private static let slots = Mutex<(used: [Bool], installed: Bool)>(
        (Array(repeating: false, count: capacity), false))

    /// Watches `length` bytes mapped at `start`.
    ///
    /// - Returns: The registration, or `nil` when every slot is taken (the mapping is then
    ///   read unguarded).
    package static func register(_ start: UnsafeRawPointer, length: Int) -> Registration? {
        guard length > 0 else { return nil }
        let words = table
        return slots.withLock { state -> Registration? in
            if !state.installed {
                installHandler()
                state.installed = true
            }
            guard let slot = state.used.firstIndex(of: false) else { return nil }
            state.used[slot] = true
            let address = UInt(bitPattern: start)
            damaged.bitwiseAnd(~(UInt64(1) << slot), ordering: .sequentiallyConsistent)
            words[slot * 2] = address
            words[slot * 2 + 1] = address + UInt(length)
            return Registration(slot: slot)
        }
    }

    /// Stops watching a mapping; call before unmapping it.
    package static func unregister(_ registration: Registration) {
        let words = table
        slots.withLock { state in
            words[registration.slot * 2 + 1] = 0
            words[registration.slot * 2] = 0
            damaged.bitwiseAnd(~(UInt64(1) << registration.slot), ordering: .sequentiallyConsistent)
            state.used[registration.slot] = false
        }
    }

    /// True once a read of the mapping went past the end of its file.
    package static func isDamaged(_ registration: Registration) -> Bool {
        damaged.load(ordering: .acquiring) & (UInt64(1) << registration.slot) != 0
    }

    private static func installHandler() {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = handleBusError
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handleBusError
        #endif
        sigaction(SIGBUS, &action, nil)
    }

    /// The faulting address a SIGBUS carries.
    fileprivate static func faultAddress(_ info: UnsafeMutablePointer<siginfo_t>) -> UInt {
        #if canImport(Glibc)
            UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
        #elseif canImport(Darwin)
            UInt(bitPattern: info.pointee.si_addr)
        #endif
    }

    /// Replaces the rest of a watched mapping with zero pages; false when `address` is in none.
    fileprivate static func absorbFault(at address: UInt) -> Bool {
        let words = table
        let page = words[capacity * 2]
        for slot in 0..<capacity {
            let start = words[slot * 2]
            let end = words[slot * 2 + 1]
            guard end != 0, address >= start, address < end else { continue }
            let from = address & ~(page - 1)
            let length = Int(end - from)
            guard let target = UnsafeMutableRawPointer(bitPattern: from) else { return false }
            let replaced = mmap(target, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            guard replaced != MAP_FAILED else { return false }
            damaged.bitwiseOr(UInt64(1) << slot, ordering: .releasing)
            return true
        }
        return false
    }
}

/// The SIGBUS handler: a fault in a watched mapping is absorbed; any other goes back to the
/// system's default action, which the faulting instruction then meets again.
private func handleBusError(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    if let info, MappingGuard.absorbFault(at: MappingGuard.faultAddress(info)) { return }
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_DFL
    #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigaction(SIGBUS, &action, nil)
}
