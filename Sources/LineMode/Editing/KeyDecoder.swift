/// Turns the bytes a terminal sends into `Key`s.
///
/// Understands the sequences terminals send for the editing keys (xterm, VT220, rxvt, the
/// Linux console, tmux and screen): arrows in normal and application mode (`ESC [ A`,
/// `ESC O A`), Home and End in all their spellings (`ESC [ H`, `ESC O H`, `ESC [ 1 ~`,
/// `ESC [ 7 ~` and `ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~`), Delete (`ESC [ 3 ~`),
/// Ctrl- and Alt-arrows (`ESC [ 1 ; 5 C`), Alt with a key (`ESC b`), and bracketed paste
/// (`ESC [ 200 ~` … `ESC [ 201 ~`), whose contents become one `.paste` however many lines
/// they hold.
///
/// Bytes may arrive in any pieces: a sequence split across reads is kept until the rest
/// comes. An Escape on its own cannot be told from the start of a sequence until no more
/// bytes come, so the reader calls `flush()` after a short wait.
///
/// ```text
/// 61 1B 5B 44 1B 5B 33 7E   →  text("a"), left, delete
/// 1B 5B 32 30 30 7E 6C 73 0A 71 1B 5B 32 30 31 7E   →  paste("ls\nq")
/// ```
package struct KeyDecoder: Sendable {
    /// The most bytes of one paste that are kept; a longer paste is cut there.
    package static let pasteLimit = FileDescriptorLines.maximumLineBytes + 1

    private var pending: [UInt8] = []
    /// The paste being read, while inside `ESC [ 200 ~` … `ESC [ 201 ~`.
    private var paste: [UInt8]?
    /// The longest CSI sequence read whole; anything longer is not a key.
    private static let longestSequence = 32
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    package init() {}

    /// True when bytes are held waiting for the rest of a sequence (a lone Escape, so far).
    package var isWaiting: Bool { !pending.isEmpty && paste == nil }

    /// Decodes `bytes`, after any held back from before.
    ///
    /// - Returns: The keys complete so far, in order.
    /// - Complexity: O(n) in the number of bytes.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decodes what is held as if no more bytes will follow it: a lone Escape is `.escape`.
    ///
    /// - Returns: The keys held back.
    package mutating func flush() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                let (next, complete) = readPaste(from: index, keys: &keys)
                index = next
                if !complete { break }
                continue
            }
            guard let (key, next) = decodeKey(at: index, final: final) else { break }
            if let key {
                keys.append(key)
            }
            index = next
        }
        pending.removeSubrange(0..<index)
        return keys
    }

    /// Reads paste bytes from `index` up to the end marker, emitting the paste, or as far as
    /// they go so far, keeping what may be the start of the end marker for the next read.
    ///
    /// - Returns: Where decoding goes on, and whether the paste ended.
    private mutating func readPaste(from index: Int, keys: inout [Key]) -> (next: Int, complete: Bool) {
        let end = Self.pasteEnd
        var position = index
        while position < pending.count {
            if pending[position] == 0x1B {
                let available = min(end.count, pending.count - position)
                if pending[position..<position + available].elementsEqual(end[0..<available]) {
                    appendToPaste(pending[index..<position])
                    if available < end.count { return (position, false) }
                    keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
                    paste = nil
                    return (position + end.count, true)
                }
            }
            position += 1
        }
        appendToPaste(pending[index..<position])
        return (position, false)
    }

    private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
        guard var text = paste else { return }
        let room = Self.pasteLimit - text.count
        if room > 0 { text.append(contentsOf: bytes.prefix(room)) }
        paste = text
    }

    /// The key at `index` and where the next one starts; nil when more bytes are needed.
    /// The key itself is nil for bytes that are no key at all (the start of a paste).
    private mutating func decodeKey(at index: Int, final: Bool) -> (Key?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return decodeEscape(at: index, final: final)
        case 0x0D:
            // CR LF arrives as one Enter from terminals that send both.
            if index + 1 < pending.count, pending[index + 1] == 0x0A { return (.enter, index + 2) }
            return (.enter, index + 1)
        case 0x0A:
            return (.enter, index + 1)
        case 0x09:
            return (.tab, index + 1)
        case 0x7F, 0x08:
            return (.backspace, index + 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(byte + 0x60))), index + 1)
        case 0x00, 0x1C...0x1F:
            return (.unknown, index + 1)
        default:
            return decodeText(at: index, final: final)
        }
    }

    private mutating func decodeEscape(at index: Int, final: Bool) -> (Key?, Int)? {
        guard index + 1 < pending.count else { return final ? (.escape, index + 1) : nil }
        let next = pending[index + 1]
        switch next {
        case 0x5B:  // [
            return decodeCSI(at: index, final: final)
        case 0x4F:  // O
            guard index + 2 < pending.count else { return final ? (.alt("O"), index + 2) : nil }
            let key: Key =
                switch pending[index + 2] {
                case 0x41: .up
                case 0x42: .down
                case 0x43: .right
                case 0x44: .left
                case 0x48: .home
                case 0x46: .end
                default: .unknown
                }
            return (key, index + 3)
        case 0x7F, 0x08:
            return (.altBackspace, index + 2)
        case 0x1B:
            return (.escape, index + 1)
        case 0x20...0x7E:
            return (.alt(Character(Unicode.Scalar(next))), index + 2)
        default:
            return (.escape, index + 1)
        }
    }

    private mutating func decodeCSI(at index: Int, final: Bool) -> (Key?, Int)? {
        var position = index + 2
        while position < pending.count {
            let byte = pending[position]
            if (0x40...0x7E).contains(byte) { break }
            guard (0x20...0x3F).contains(byte), position - index < Self.longestSequence else {
                // Not a sequence after all: drop what was read of it.
                return (.unknown, position)
            }
            position += 1
        }
        guard position < pending.count else { return final ? (.unknown, position) : nil }
        let parameters = String(decoding: pending[(index + 2)..<position], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = parameters.first.flatMap { $0 }
        let modifier = parameters.count > 1 ? parameters[1] ?? 1 : 1
        // Modifiers: 3 Alt, 5 Ctrl (and their combinations with Shift and each other).
        let wordwise = modifier > 1 && modifier != 2
        let key: Key
        switch pending[position] {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = wordwise ? .wordRight : .right
        case 0x44: key = wordwise ? .wordLeft : .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x7E:
            switch first {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 200:
                paste = []
                return (nil, position + 1)
            case 201: return (nil, position + 1)
            default: key = .unknown
            }
        default:
            key = .unknown
        }
        return (key, position + 1)
    }

    /// A run of printable text, up to the next control byte; an unfinished UTF-8 sequence at
    /// the end waits for its other bytes.
    private func decodeText(at index: Int, final: Bool) -> (Key?, Int)? {
        var end = index
        while end < pending.count, pending[end] >= 0x20, pending[end] != 0x7F { end += 1 }
        if !final, end == pending.count {
            end -= Self.unfinishedUTF8Count(pending[index..<end])
            if end == index { return nil }
        }
        return (.text(String(decoding: pending[index..<end], as: UTF8.self)), end)
    }

    /// How many bytes at the end of `bytes` start a UTF-8 sequence that is not complete yet.
    static func unfinishedUTF8Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var position = bytes.endIndex
        while position > bytes.startIndex, count < 4 {
            position -= 1
            count += 1
            let byte = bytes[position]
            if byte & 0xC0 == 0x80 { continue }
            let length: Int
            switch byte {
            case 0xC0...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF7: length = 4
            default: length = 1
            }
            return length > count ? count : 0
        }
        return 0
    }
}
