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
        case mapped(UnsafeMutableRawPointer, length: Int)
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
    /// - Parameters:
    ///   - descriptor: An open file; it may be closed once this returns.
    ///   - length: The file's size in bytes.
    /// - Returns: `nil` when the system refuses the mapping (the caller then reads the file).
    static func map(descriptor: Int32, length: Int) -> FileBytes? {
        guard length > 0 else { return FileBytes(copying: [UInt8]()) }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        else { return nil }
        // The index is built front to back; let the kernel read ahead generously.
        _ = madvise(address, length, MADV_SEQUENTIAL)
        return FileBytes(mapped: address, length: length)
    }

    private init(mapped address: UnsafeMutableRawPointer, length: Int) {
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
        storage = .mapped(address, length: length)
    }

    /// Tells the kernel that bytes will now be read in no particular order (paging, sorting).
    func expectRandomAccess() {
        if case .mapped(let address, let length) = storage {
            _ = madvise(address, length, MADV_NORMAL)
        }
    }

    /// The number of bytes.
    var count: Int { buffer.count }

    deinit {
        switch storage {
        case .mapped(let address, let length): munmap(address, length)
        case .heap(let heap): heap.deallocate()
        case .malloced(let block): free(block)
        case .none: break
        }
    }
}
