/// Memory that concurrent workers read, or write in disjoint parts, while its owner waits for
/// them (`DispatchQueue.concurrentPerform`). The owner guarantees the memory outlives the work and
/// that no two workers write the same element; that is why this is `@unchecked Sendable`.
struct SharedMemory<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    init(reading buffer: UnsafeBufferPointer<Element>) {
        self.buffer = UnsafeMutableBufferPointer(mutating: buffer)
    }

    /// The memory, for reading.
    var readable: UnsafeBufferPointer<Element> { UnsafeBufferPointer(buffer) }
}
