import BrowseSupport
import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of input, or why it could not be used.
package enum InputLine: Sendable, Hashable {
    case line(String)
    /// The line was longer than the limit; its bytes were skipped.
    case tooLong(bytes: Int)
    /// The line was not valid UTF-8.
    case notUTF8
    /// No line yet: the screen should be drawn again (the terminal was resized, or rows
    /// arrived) while the prompt waited; the next call goes on with the line being typed.
    case redraw
    /// Ctrl-C at the prompt: the line was dropped; work running in the background stops.
    case interrupt
}

/// Where commands come from: standard input, a list of commands (`-c`, tests), or the line
/// editor at a terminal.
@MainActor
package protocol LineSource {
    /// The next line without its line end, or `nil` at the end of input. A source that waits
    /// for a person should wait without holding the main actor, so loads can go on meanwhile.
    mutating func nextLine() async -> InputLine?
    /// True when the source draws its own prompt (the line editor); false by default, and the
    /// session writes `> ` itself.
    var drawsPrompt: Bool { get }
}

extension LineSource {
    package var drawsPrompt: Bool { false }
}

/// Commands given up front, as with `-c 'cmd; cmd'`.
package struct ScriptLines: LineSource {
    private var lines: [String]

    package init(_ lines: [String]) {
        self.lines = lines.reversed()
    }

    package mutating func nextLine() -> InputLine? {
        lines.popLast().map(InputLine.line)
    }
}

/// Reads lines from a file descriptor with a cap on line length, so a 1 MB line or binary
/// input costs bounded memory and gets a clear message instead of an unbounded buffer.
///
/// A read waits on a queue of its own, not on the main actor, so a file's index or a download
/// goes on while the next command has not come yet.
package struct FileDescriptorLines: LineSource {
    /// The longest line accepted, in bytes.
    package nonisolated static let maximumLineBytes = 64 * 1024

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package mutating func nextLine() async -> InputLine? {
        var discarded = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                if discarded > 0 { return .tooLong(bytes: discarded + line.count) }
                return Self.decode(line)
            }
            if buffer.count - start > Self.maximumLineBytes {
                discarded += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || discarded > 0 else { return nil }
                let line = buffer[start...]
                start = buffer.count
                if discarded > 0 { return .tooLong(bytes: discarded + line.count) }
                return Self.decode(line)
            }
            await fill()
        }
    }

    /// Where reads wait: one serial queue, which has a thread of its own even while the
    /// global queues' threads are busy.
    private static let readQueue = DispatchQueue(label: "browse.command-lines")

    private mutating func fill() async {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let descriptor = self.descriptor
        let chunk: [UInt8] = await withCheckedContinuation { continuation in
            Self.readQueue.async {
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                let count = chunk.withUnsafeMutableBytes { bytes in
                    (try? SystemIO.readSome(descriptor, into: bytes)) ?? 0
                }
                continuation.resume(returning: Array(chunk[0..<count]))
            }
        }
        if chunk.isEmpty {
            atEnd = true
            return
        }
        buffer.append(contentsOf: chunk)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> InputLine {
        var line = bytes
        if line.last == 0x0D { line = line.dropLast() }
        if line.count > maximumLineBytes { return .tooLong(bytes: line.count) }
        guard let text = String(validating: line, as: UTF8.self) else { return .notUTF8 }
        return .line(text)
    }
}
