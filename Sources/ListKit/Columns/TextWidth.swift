/// How many cells of a screen a cell's text takes, as the front end draws it: what the widest
/// value of a column is measured in.
///
/// ListKit does not draw, so the front end says how wide text is (a terminal counts a CJK
/// character as two cells and shows a control character as a picture of it); a store that
/// measures a column over its bytes hands it each value's UTF-8 without making a `String`.
///
/// ```swift
/// let characters = TextWidth { utf8 in String(decoding: utf8, as: UTF8.self).count }
/// let width = characters.of("台積電")  // 3
/// ```
public struct TextWidth: Sendable {
    /// Says which widths measure alike: a closure cannot be compared, and copies of one width
    /// share it.
    private final class Identity: Sendable {}

    @usableFromInline let measure: @Sendable (UnsafeBufferPointer<UInt8>) -> Int
    /// True when every ASCII byte takes one cell: a text of ASCII alone is as wide as it is long.
    @usableFromInline package let oneCellPerASCIIByte: Bool
    /// True when, besides ASCII at a cell a byte, each CJK ideograph of U+4E00–U+9FFF takes two
    /// cells: a text of those alone is counted without calling `measure`.
    @usableFromInline let countsIdeographs: Bool
    private let identity = Identity()

    /// A width that `measure` gives for a text's UTF-8.
    ///
    /// - Parameters:
    ///   - oneCellPerASCIIByte: True when every ASCII byte takes one cell (a control character
    ///     shown as one picture): a text of ASCII alone is then as wide as it is long, and is
    ///     measured without calling `measure`. Most fields of most files are, so a pass over
    ///     millions of them costs a count.
    ///   - twoCellsPerIdeograph: True when, with `oneCellPerASCIIByte`, each CJK ideograph of
    ///     U+4E00–U+9FFF (the Chinese and Japanese names of most Asian files) takes two cells:
    ///     a text of ASCII and those ideographs is then counted as it is read, without calling
    ///     `measure`: a pass over the names of a large file called it for nearly every one.
    ///   - measure: The cells a text takes, given its UTF-8; it is called from several
    ///     threads at once.
    public init(
        oneCellPerASCIIByte: Bool = false, twoCellsPerIdeograph: Bool = false,
        utf8 measure: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Int
    ) {
        self.measure = measure
        self.oneCellPerASCIIByte = oneCellPerASCIIByte
        countsIdeographs = oneCellPerASCIIByte && twoCellsPerIdeograph
    }

    /// True when `other` is this width or a copy of it, so that what one measured the other
    /// would measure the same: a store may keep widths measured earlier and answer with them.
    ///
    /// - Complexity: O(1).
    public func measuresAlike(_ other: TextWidth) -> Bool {
        identity === other.identity
    }

    /// The cells `text` takes.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { of(utf8: $0) }
    }

    /// The cells the text whose UTF-8 is `utf8` takes.
    ///
    /// - Complexity: O(n) in the bytes.
    @inlinable
    public func of(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if countsIdeographs {
            if let cells = Self.cellsOfASCIIAndIdeographs(utf8) { return cells }
        } else if oneCellPerASCIIByte, Self.isASCII(utf8) {
            return utf8.count
        }
        return measure(utf8)
    }

    /// The cells ``of(utf8:)`` gives a text of ASCII and CJK ideographs of U+4E00–U+9FFF, for a
    /// width that counts those itself (`twoCellsPerIdeograph`); `nil` for any other text or
    /// width. A text so counted is UTF-8, so a pass that checks its input and measures it at
    /// once reads such a text once.
    ///
    /// - Complexity: O(n) in the bytes.
    @inlinable
    package func ofASCIIAndIdeographs(utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        countsIdeographs ? Self.cellsOfASCIIAndIdeographs(utf8) : nil
    }

    /// The cells of a text of ASCII (a cell a byte) and CJK ideographs of U+4E00–U+9FFF (two
    /// each); `nil` when it holds anything else. A run of ASCII is passed eight bytes at a time.
    @inlinable
    static func cellsOfASCIIAndIdeographs(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        var index = 0
        var cells = 0
        while index < count {
            let byte = base[index]
            let left = count &- index
            if byte < 0x80 {
                let run =
                    left >= 8 && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    ? 8 : 1
                index &+= run
                cells &+= run
                continue
            }
            // E4 B8 80 (U+4E00) to E9 BF BF (U+9FFF): a lead of E4 to E9, two continuations,
            // and under E4 a second byte from B8 (below U+4E00 the hexagram symbols take one).
            guard left >= 3, byte &- 0xE4 < 6 else { return nil }
            let second = base[index &+ 1]
            guard second & 0xC0 == 0x80, base[index &+ 2] & 0xC0 == 0x80, byte != 0xE4 || second >= 0xB8 else {
                return nil
            }
            index &+= 3
            cells &+= 2
        }
        return cells
    }

    /// True when every byte is ASCII. Read eight bytes at a time, the last eight overlapping
    /// those before: a field is a few bytes long, and a loop over them was most of measuring
    /// every field of a file.
    @inlinable
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        if count >= 8 {
            var bits = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            var index = 0
            while index + 8 < count {
                bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            return bits & 0x8080_8080_8080_8080 == 0
        }
        if count >= 4 {
            let bits =
                raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return bits & 0x8080_8080 == 0
        }
        var bits: UInt8 = 0
        for byte in utf8 { bits |= byte }
        return bits < 0x80
    }
}
