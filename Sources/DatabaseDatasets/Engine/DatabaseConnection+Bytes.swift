import BrowseSupport

extension DatabaseConnection {
    /// Each row's fields from ``run(_:stop:row:)``, as their UTF-8 bytes: for an engine whose
    /// library gives no cheaper way.
    package func runBytes(
        _ statement: SQLStatement, stop: StopFlag, row: ([UnsafeBufferPointer<UInt8>?]) throws -> Void
    ) throws {
        var buffer = RowBytes()
        try run(statement, stop: stop) { fields in try buffer.withFields(of: fields, row) }
    }
}
