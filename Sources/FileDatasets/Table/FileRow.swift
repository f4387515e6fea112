/// One record of a file table, identified by where it starts in the file.
///
/// A row is four bytes, so a million rows cost 4 MB; the controller's items and the table's
/// row index are the same array. Rows of a table are in file order, so their ids increase.
public struct FileRow: Identifiable, Sendable, Hashable {
    /// The byte offset of the record in the table's buffer.
    public let id: UInt32

    /// A row whose record starts at byte `offset`.
    public init(offset: UInt32) {
        self.id = offset
    }

    /// The byte offset of the record.
    var offset: Int { Int(id) }
}
