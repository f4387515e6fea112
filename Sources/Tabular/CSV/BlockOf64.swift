/// Hands the masks of `CSVStops` (which read 64 bytes at once) 64 readable bytes near the end of
/// a buffer: its last bytes copied into a block of zeros. Callers read a block with 64 bytes
/// left straight from the buffer, in their hot loops.
package enum BlockOf64 {
    /// Calls `body` with 64 readable bytes that start as the buffer does at `index`; past the
    /// buffer's end they are zeros, whose bits a caller clears where a zero byte could count.
    ///
    /// - Precondition: `index` is inside the buffer.
    @inline(__always)
    package static func reading<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, _ body: (UnsafePointer<UInt8>?) -> Result
    ) -> Result {
        guard let base = buffer.baseAddress, index >= 0, index < buffer.count else {
            preconditionFailure("a block read from outside the buffer")
        }
        let left = buffer.count &- index
        if left >= 64 { return body(base + index) }
        var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &block) { block in
            block.copyMemory(from: UnsafeRawBufferPointer(start: base + index, count: left))
            return body(UnsafeRawPointer(block.baseAddress)?.assumingMemoryBound(to: UInt8.self))
        }
    }
}
