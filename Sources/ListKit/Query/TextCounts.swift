/// Distinct texts counted by their UTF-8 bytes, each with how many rows hold it and the first
/// of them: a table that makes no `String` per row (open addressing over a hash of the bytes,
/// the bytes kept once each in one buffer).
///
/// Texts are told apart by their bytes; two byte strings that make equal `String`s (canonically
/// equivalent, or invalid UTF-8 that decodes alike) are merged when the table is read
/// (``merged(into:)``).
struct TextCounts: Sendable {
    /// Entry number plus one for each slot; 0 for an empty slot.
    private var slots = [Int](repeating: 0, count: 256)
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var bytes: [UInt8] = []
    private(set) var counts: [Int] = []
    private(set) var firsts: [Int] = []

    /// How many different byte strings were added.
    var count: Int { counts.count }
    /// The bytes of every distinct text, together.
    var textBytes: Int { bytes.count }

    /// Counts `text`, held by row `row` (rows are added in order).
    mutating func add(_ text: UnsafeBufferPointer<UInt8>, row: Int) {
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if hashes[entry - 1] == hash, equals(entry - 1, text) {
                counts[entry - 1] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = counts.count + 1
        hashes.append(hash)
        starts.append(bytes.count)
        bytes.append(contentsOf: text)
        counts.append(1)
        firsts.append(row)
        if counts.count * 2 > slots.count { grow() }
    }

    /// The bytes of entry `entry`.
    private func range(of entry: Int) -> Range<Int> {
        starts[entry]..<(entry + 1 < starts.count ? starts[entry + 1] : bytes.count)
    }

    private func equals(_ entry: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(of: entry)
        guard range.count == text.count else { return false }
        return bytes.withUnsafeBufferPointer { Self.same(UnsafeBufferPointer(rebasing: $0[range]), text) }
    }

    /// True when two texts of the same length hold the same bytes, compared eight at a time
    /// (the last eight overlapping those before) or, under eight, as two overlapping halves.
    static func same(_ stored: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        guard count > 0, let one = stored.baseAddress.map(UnsafeRawPointer.init),
            let other = text.baseAddress.map(UnsafeRawPointer.init)
        else { return true }
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                if one.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    != other.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                {
                    return false
                }
                index += 8
            }
            return one.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return one.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
                && one.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == other.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for index in 0..<count where stored[index] != text[index] { return false }
        return true
    }

    private mutating func grow() {
        slots = [Int](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry] >> 7) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry + 1
        }
    }

    /// Adds each distinct text as a `String`, with its count and first row, to `texts`:
    /// counts of equal `String`s add up and the earliest first row stays.
    func merged(into texts: inout [String: (count: Int, first: Int)]) {
        bytes.withUnsafeBufferPointer { stored in
            for entry in counts.indices {
                let text = String(decoding: UnsafeBufferPointer(rebasing: stored[range(of: entry)]), as: UTF8.self)
                if let seen = texts[text] {
                    texts[text] = (seen.count + counts[entry], min(seen.first, firsts[entry]))
                } else {
                    texts[text] = (counts[entry], firsts[entry])
                }
            }
        }
    }

    /// A hash of `text`'s bytes and length, eight bytes at a time, the last eight overlapping
    /// those before; a text of four to seven bytes as two overlapping halves. Every byte is
    /// read once or twice, never one past the text.
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.count)
        guard let base = text.baseAddress, !text.isEmpty else { return hash &* 0xC4CE_B9FE_1A85_EC53 }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var word: UInt64 = 0
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
            word = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            word =
                UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            for index in 0..<count { word |= UInt64(text[index]) << UInt64(index * 8) }
        }
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 32
        return hash &* 0xC4CE_B9FE_1A85_EC53
    }
}
