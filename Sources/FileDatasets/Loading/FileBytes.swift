import BrowseSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one input, held once for the life of a table: a read-only memory map of a
/// regular file, or a heap buffer for standard input, downloads and decoded Big5.
///
/// Rows and fields are byte offsets into ``buffer``; nothing is copied to show a page.
///
/// The storage never changes after `init`, which is what makes sharing it between the loader
/// task and the main actor safe (hence `@unchecked Sendable`).
final class FileBytes: @unchecked Sendable {
    /// The bytes. Valid until the object is released.
    let buffer: UnsafeBufferPointer<UInt8>
    private let storage: Storage

    private enum Storage {
        /// A mapping, with its file kept open to tell whether it changed (and when it was last
        /// written before it was mapped), and its watch.
        case mapped(
            UnsafeMutableRawPointer, length: Int, descriptor: Int32, modified: timespec,
            registration: MappingGuard.Registration?)
        case heap(UnsafeMutableBufferPointer<UInt8>)
        case malloced(UnsafeMutableRawPointer)
        case none
    }

    /// Copies `bytes` into a buffer of its own.
    ///
    /// - Complexity: O(n).
    init(copying bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else {
            buffer = UnsafeBufferPointer(start: nil, count: 0)
            storage = .none
            return
        }
        let heap = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = heap.initialize(fromContentsOf: bytes)
        buffer = UnsafeBufferPointer(heap)
        storage = .heap(heap)
    }

    /// Takes ownership of a block allocated with `malloc` or `realloc`.
    init(adoptingMalloc block: UnsafeMutableRawPointer, count: Int) {
        buffer = UnsafeBufferPointer(start: block.assumingMemoryBound(to: UInt8.self), count: count)
        storage = .malloced(block)
    }

    /// Maps the whole file open on `descriptor` read-only.
    ///
    /// The mapping is watched (``MappingGuard``): if another program shrinks the file, reads
    /// past its new end see zeros instead of ending the program, and ``changedWhileOpen``
    /// says so. It also says so when the file is written to in place, which a mapping shows at
    /// once: its size and modification time are kept from before the mapping.
    ///
    /// - Parameters:
    ///   - descriptor: An open file; it may be closed once this returns (a copy is kept).
    ///   - length: The file's size in bytes.
    /// - Returns: `nil` when the system refuses the mapping (the caller then reads the file).
    static func map(descriptor: Int32, length: Int) -> FileBytes? {
        guard length > 0 else { return FileBytes(copying: [UInt8]()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let kept = dup(descriptor)
        guard kept >= 0 else { return nil }
        _ = fcntl(kept, F_SETFD, FD_CLOEXEC)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        else {
            close(kept)
            return nil
        }
        // The index is built front to back; let the kernel read ahead generously.
        _ = madvise(address, length, MADV_SEQUENTIAL)
        let registration = MappingGuard.register(address, length: length)
        return FileBytes(
            mapped: address, length: length, descriptor: kept, modified: Self.modified(status),
            registration: registration)
    }

    private init(
        mapped address: UnsafeMutableRawPointer, length: Int, descriptor: Int32, modified: timespec,
        registration: MappingGuard.Registration?
    ) {
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
        storage = .mapped(
            address, length: length, descriptor: descriptor, modified: modified, registration: registration)
    }

    /// When the file described by `status` was last written.
    private static func modified(_ status: stat) -> timespec {
        #if canImport(Glibc)
            status.st_mtim
        #elseif canImport(Darwin)
            status.st_mtimespec
        #endif
    }

    /// How a mapped file changed since it was mapped: shorter (the bytes past its new end read
    /// as zeros now), or written to in place (a mapping shows the new bytes, which the index
    /// does not describe); `nil` while it is as it was, and always for bytes in memory. A file
    /// replaced by another (renamed over) is not a change: the mapping keeps the old one whole.
    ///
    /// - Complexity: O(1): one `fstat`.
    var change: FileChange? {
        guard case .mapped(_, let length, let descriptor, let modified, let registration) = storage else { return nil }
        if let registration, MappingGuard.isDamaged(registration) { return .shrank }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        if Int(status.st_size) < length { return .shrank }
        let now = Self.modified(status)
        if Int(status.st_size) != length || now.tv_sec != modified.tv_sec || now.tv_nsec != modified.tv_nsec {
            return .written
        }
        return nil
    }

    /// Whether the file changed since it was mapped (``change``): rows read from it may not
    /// be the file's. Always false for bytes in memory.
    ///
    /// - Complexity: O(1): one `fstat`.
    var changedWhileOpen: Bool { change != nil }

    /// Tells the kernel that bytes will now be read in no particular order (paging, sorting).
    func expectRandomAccess() {
        if case .mapped(let address, let length, _, _, _) = storage {
            _ = madvise(address, length, MADV_NORMAL)
        }
    }

    /// Lets the pages of a large mapped file go after a pass over all of it (the index, a
    /// sort's keys, an export): they stay in the system's file cache and come back on the next
    /// read, but no longer count as this program's memory, so a 1 GB file costs the program
    /// its index and its keys rather than the file as well. Bytes in memory are kept.
    func releaseResidentPages() {
        releaseResidentPages(in: 0..<count)
    }

    /// Lets the pages of a large mapped file that lie wholly inside `range` go (as
    /// ``releaseResidentPages()``), for a pass that reads it front to back.
    func releaseResidentPages(in range: Range<Int>) {
        guard case .mapped(let address, let length, _, _, _) = storage, length >= Self.releasedSize else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + page - 1) / page * page
        let end = min(range.upperBound, length) / page * page
        guard end > start else { return }
        _ = madvise(address + start, end - start, MADV_DONTNEED)
    }

    /// Mappings at least this large have their pages let go after whole passes.
    static let releasedSize = 64 << 20
    /// How far a pass front to back reads between lettings-go of the pages behind it: small
    /// enough that each core's piece of a file of a hundred megabytes lets some go.
    static let releaseStep = 8 << 20

    /// The number of bytes.
    var count: Int { buffer.count }

    deinit {
        switch storage {
        case .mapped(let address, let length, let descriptor, _, let registration):
            if let registration { MappingGuard.unregister(registration) }
            munmap(address, length)
            close(descriptor)
        case .heap(let heap): heap.deallocate()
        case .malloced(let block): free(block)
        case .none: break
        }
    }
}
