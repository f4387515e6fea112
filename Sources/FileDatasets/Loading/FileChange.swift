/// How a file changed under a table read from it, so that its rows are no longer the file's.
enum FileChange: Sendable, Hashable {
    /// It is shorter than when it was read: the bytes past its new end read as zeros.
    case shrank
    /// It was written to (its size or modification time changed): the rows read from the
    /// bytes that changed are not those the index found.
    case written
}
