#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the front end writes text: standard output, standard error, or a string in tests.
@MainActor
public protocol TextSink: AnyObject {
    /// Appends text; may buffer until `flush()`.
    ///
    /// - Throws: `OutputClosed` when the reader has gone away (a closed pipe).
    func write(_ text: String) throws(OutputClosed)
    /// Sends buffered text on.
    func flush() throws(OutputClosed)
}

/// The reader of an output went away (`browse … | head -1`): the program ends quietly.
public struct OutputClosed: Error, Sendable {
    public init() {}
}

/// A buffered writer to a file descriptor that reports a closed pipe instead of dying of SIGPIPE.
///
/// The program ignores SIGPIPE (see `Signals.ignoreBrokenPipe()`), so a write to a closed
/// pipe fails with `EPIPE`, which this sink turns into `OutputClosed`.
@MainActor
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    private var closed = false

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    public func write(_ text: String) throws(OutputClosed) {
        if closed { throw OutputClosed() }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    public func flush() throws(OutputClosed) {
        if closed { throw OutputClosed() }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                closed = true
                buffer.removeAll()
                throw OutputClosed()
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A sink that keeps what is written, for tests and for rendering to a string.
@MainActor
public final class StringSink: TextSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) throws(OutputClosed) {
        self.text += text
    }

    public func flush() throws(OutputClosed) {}

    /// Empties the sink.
    public func reset() { text = "" }
}
