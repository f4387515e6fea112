import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files that must not outlive the program: an export's or the history's file
/// before it is renamed into place. However the program ends (a Ctrl-C in a script, SIGTERM,
/// SIGHUP, any signal whose default is to end it, or `exit`), `removeAll()` unlinks them.
///
/// Each file is made by `mkstemp` in one of a fixed number of slots of memory that never moves,
/// so a signal handler can read the names without allocating or locking. A slot is armed
/// before `mkstemp` writes the name into it, so there is no moment when the file exists and
/// no handler would remove it; a handler that runs while the name is being written finds a
/// name that does not exist yet, and unlinking it does nothing.
enum PendingFiles {
    /// How many temporary files can be protected at once; more are still made, unprotected.
    static let slotCount = 16
    /// Bytes per slot: a path as long as the system allows, and its NUL.
    private static let slotBytes = Int(PATH_MAX) + 1

    nonisolated(unsafe) private static let names: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
        pointer.initialize(repeating: 0, count: slotCount * slotBytes)
        return pointer
    }()
    /// Bit `i` set: slot `i` is taken.
    private static let taken = Atomic<UInt64>(0)
    /// Bit `i` set: slot `i` names a file to remove at the end.
    private static let armed = Atomic<UInt64>(0)

    /// A temporary file made by ``create(template:)``.
    struct Created {
        let descriptor: Int32
        let path: String
        /// The slot that protects it, or -1 when every slot was taken.
        let slot: Int
    }

    /// Makes the storage ready, so that the first signal handler to read it does not have to.
    static func prepare() {
        _ = names
        _ = taken.load(ordering: .relaxed)
        _ = armed.load(ordering: .relaxed)
    }

    /// Makes a file from `template` (a path ending in `XXXXXX`), as `mkstemp` does, and
    /// protects it until ``forget(_:)``.
    ///
    /// - Returns: The file, or `nil` with `errno` set when `mkstemp` failed.
    static func create(template: String) -> Created? {
        let bytes = Array(template.utf8)
        guard bytes.count < slotBytes, !bytes.contains(0) else {
            errno = ENAMETOOLONG
            return nil
        }
        guard let slot = claim() else { return createUnprotected(bytes) }
        let name = names + slot * slotBytes
        bytes.withUnsafeBufferPointer { source in
            for (index, byte) in source.enumerated() { name[index] = CChar(bitPattern: byte) }
        }
        name[bytes.count] = 0
        armed.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
        let descriptor = mkstemp(name)
        guard descriptor >= 0 else {
            let code = errno
            release(slot)
            errno = code
            return nil
        }
        return Created(descriptor: descriptor, path: String(cString: name), slot: slot)
    }

    /// The file was renamed into place or removed: it is no longer this program's to remove.
    static func forget(_ slot: Int) {
        guard (0..<slotCount).contains(slot) else { return }
        release(slot)
    }

    /// Unlinks every protected file. Safe in a signal handler: only atomics and `unlink`.
    static func removeAll() {
        let savedErrno = errno
        var remaining = armed.load(ordering: .acquiring)
        var slot = 0
        while remaining != 0 {
            if remaining & 1 == 1 { unlink(names + slot * slotBytes) }
            remaining >>= 1
            slot += 1
        }
        errno = savedErrno
    }

    private static func claim() -> Int? {
        var current = taken.load(ordering: .relaxed)
        while true {
            guard let slot = (0..<slotCount).first(where: { current & (1 << UInt64($0)) == 0 }) else { return nil }
            let (exchanged, original) = taken.compareExchange(
                expected: current, desired: current | (1 << UInt64(slot)), ordering: .acquiringAndReleasing)
            if exchanged { return slot }
            current = original
        }
    }

    private static func release(_ slot: Int) {
        armed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
        taken.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
    }

    private static func createUnprotected(_ bytes: [UInt8]) -> Created? {
        var template = bytes.map { CChar(bitPattern: $0) } + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { characters in
            characters.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Created(descriptor: descriptor, path: path, slot: -1)
    }
}
