import Foundation

/// A body being received: one block grown with `realloc`, which for large blocks moves pages
/// rather than copying bytes, so a body near the limit needs about its own size in memory
/// (appending to `Data` copies into a larger block and briefly needs two and a half times).
struct GrowingBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    deinit {
        free(base)
    }

    /// Makes room for `total` bytes in all.
    mutating func reserve(_ total: Int) {
        guard total > capacity, let grown = realloc(base, total) else { return }
        base = grown
        capacity = total
    }

    /// Appends `bytes`, doubling the block when it is full but never past `ceiling` bytes.
    ///
    /// - Returns: False when memory ran out: nothing was appended.
    mutating func append(_ bytes: UnsafeRawBufferPointer, growingUpTo ceiling: Int) -> Bool {
        if count + bytes.count > capacity {
            reserve(max(count + bytes.count, min(ceiling, max(capacity * 2, 64 * 1024))))
        }
        guard let base, count + bytes.count <= capacity else { return bytes.isEmpty }
        if let source = bytes.baseAddress { (base + count).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
        return true
    }

    /// The bytes as `Data`, handing over the block without a copy; the buffer is empty after.
    mutating func take() -> Data {
        guard let base, count > 0 else { return Data() }
        self.base = nil
        defer {
            capacity = 0
            count = 0
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}
