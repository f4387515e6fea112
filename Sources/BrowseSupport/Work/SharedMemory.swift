/// Memory that concurrent workers read, or write in disjoint parts, while its owner waits for
/// them (``ParallelWork``). The owner guarantees the memory outlives the work and that no two
/// workers write the same element; that is why this is `@unchecked Sendable`.
package struct SharedMemory<Element>: @unchecked Sendable {
    package let buffer: UnsafeMutableBufferPointer<Element>

    package init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    package init(reading buffer: UnsafeBufferPointer<Element>) {
        self.buffer = UnsafeMutableBufferPointer(mutating: buffer)
    }

    /// The memory, for reading.
    package var readable: UnsafeBufferPointer<Element> { UnsafeBufferPointer(buffer) }
}
