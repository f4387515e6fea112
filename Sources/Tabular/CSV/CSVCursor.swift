/// Where the next record starts: a byte offset and the 1-based line number there.
///
/// A cursor is all the state a scan needs, so an index can store one per block of rows and
/// restart scanning anywhere.
package struct CSVCursor: Sendable, Hashable {
    /// The byte offset of the next record.
    package var offset: Int
    /// The 1-based line number at ``offset``.
    package var line: Int

    /// Creates a cursor at `offset`, which is on line `line`.
    package init(offset: Int, line: Int) {
        self.offset = offset
        self.line = line
    }

    /// A cursor at the start of `buffer`, past a UTF-8 byte order mark if there is one.
    package init(startOf buffer: UnsafeBufferPointer<UInt8>) {
        self.init(offset: ByteOrderMark.length(in: buffer), line: 1)
    }
}
