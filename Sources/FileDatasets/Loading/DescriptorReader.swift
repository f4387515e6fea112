import BrowseSupport
import ListKit

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads everything from a file descriptor into one buffer, reporting the bytes read.
enum DescriptorReader {
    /// Reads `descriptor` to its end.
    ///
    /// - Parameters:
    ///   - expected: The size, when known, so the buffer is allocated once.
    ///   - progress: Receives the bytes read so far.
    /// - Returns: The bytes, or the `errno` of a failed read.
    /// - Complexity: O(n) in the bytes read.
    static func readAll(
        _ descriptor: Int32, expected: Int?, progress: ProgressReporter?
    ) -> Result<FileBytes, ReadFailure> {
        var capacity = max(64 * 1024, (expected ?? 0) + 1)
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        var count = 0
        var nextReport = 1 << 20
        while true {
            if count == capacity {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity * 2)
                _ = larger.initialize(fromContentsOf: buffer)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            guard let base = buffer.baseAddress else { break }
            let received: Int
            do {
                received = try SystemIO.readSome(
                    descriptor, into: UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count))
            } catch {
                buffer.deallocate()
                return .failure(ReadFailure(code: error.code))
            }
            if received == 0 { break }
            count += received
            if count >= nextReport {
                nextReport = count + (1 << 20)
                let done = Int64(count)
                progress?.update { $0.completed = done }
            }
        }
        return .success(FileBytes(adopting: buffer, count: count))
    }

    /// A failed read's `errno`, with the system's words for it.
    struct ReadFailure: Error {
        let code: Int32
        var reason: String { SystemError(code: code).description }
    }
}
