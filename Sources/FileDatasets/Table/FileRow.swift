/// One record of a file table, identified by its place in the file: the first record after
/// the header is row 0.
///
/// A row is four bytes, so a million rows cost 4 MB. Where its record starts is kept by the
/// table, which is what lets a table pass 4 GiB while its rows stay this small.
public struct FileRow: Identifiable, Sendable, Hashable {
    /// The row's position among the table's rows, in file order.
    public let id: UInt32

    /// Row `index` of a table, counted in file order from 0.
    public init(index: Int) {
        self.id = UInt32(index)
    }

    /// The row's position among the table's rows, in file order.
    public var index: Int { Int(id) }
}
