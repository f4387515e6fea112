import BrowseSupport
import ListKit

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads everything from a file descriptor into one buffer, up to a limit, reporting the bytes read.
enum DescriptorReader {
    /// Reads `descriptor` to its end, or stops once it has more than `limit` bytes.
    ///
    /// The buffer grows with `realloc`, which moves the pages of a large block rather than
    /// copying them, so reading n bytes needs about n bytes of memory, never the input's size
    /// when that is larger than the limit (`/dev/zero`, an endless pipe).
    ///
    /// - Parameters:
    ///   - expected: The size, when known, so the buffer is allocated once.
    ///   - limit: The most bytes to keep; one more is an ``ReadFailure/overLimit``.
    ///   - progress: Receives the bytes read so far.
    ///   - firstPart: Called once with the bytes read so far, and whether they are all there
    ///     is, as soon as there are `firstPartSize` of them or the writer pauses (nothing more
    ///     to read for a tenth of a second) or the input ends: what a screen can show while the
    ///     rest arrives.
    /// - Returns: The bytes, or why they could not all be read.
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    static func readAll(
        _ descriptor: Int32, expected: Int?, limit: Int, progress: ProgressReporter?,
        firstPartSize: Int = 1 << 20, firstPart: ((UnsafeBufferPointer<UInt8>, _ isAll: Bool) -> Void)? = nil
    ) -> Result<FileBytes, ReadFailure> {
        let limit = max(0, limit)
        var capacity = min(max(64 * 1024, (expected ?? 0) + 1), limit + 1)
        guard var base = malloc(capacity) else { return .failure(.system(ENOMEM)) }
        var count = 0
        var nextReport = 1 << 20
        var firstPart = firstPart
        func offerFirstPart(isAll: Bool) {
            guard let offer = firstPart, count > 0 else { return }
            firstPart = nil
            offer(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count), isAll)
        }
        while true {
            if firstPart != nil, count >= firstPartSize || (count > 0 && !Self.hasInput(descriptor, within: 100)) {
                offerFirstPart(isAll: false)
            }
            if count == capacity {
                if capacity > limit {
                    free(base)
                    return .failure(.overLimit)
                }
                let larger = min(capacity * 2, limit + 1)
                guard let grown = realloc(base, larger) else {
                    free(base)
                    return .failure(.system(ENOMEM))
                }
                base = grown
                capacity = larger
            }
            let received: Int
            do {
                received = try SystemIO.readSome(
                    descriptor, into: UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count))
            } catch {
                free(base)
                return .failure(.system(error.code))
            }
            if received == 0 {
                if count <= limit { offerFirstPart(isAll: true) }
                break
            }
            count += received
            if count >= nextReport {
                nextReport = count + (1 << 20)
                let done = Int64(count)
                progress?.update { $0.completed = done }
            }
        }
        if count > limit {
            free(base)
            return .failure(.overLimit)
        }
        return .success(FileBytes(adoptingMalloc: base, count: count))
    }

    /// Whether `descriptor` has bytes to read (or its end) within `milliseconds`.
    private static func hasInput(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // A descriptor poll cannot watch (some devices) is treated as ready: read it as before.
        return poll(&request, 1, milliseconds) != 0
    }

    /// Why a read did not give the whole input.
    enum ReadFailure: Error {
        /// A read failed with this `errno`.
        case system(Int32)
        /// The input has more bytes than the limit.
        case overLimit
    }
}
