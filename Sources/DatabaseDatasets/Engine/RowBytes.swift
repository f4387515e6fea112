/// One row's fields as UTF-8 bytes in one buffer reused from row to row, handed on as a buffer
/// per field (`nil` for NULL): how rows that do not come as the library's own bytes reach
/// ``DatabaseConnection/runBytes(_:stop:row:)``'s reader.
struct RowBytes {
    private(set) var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; `nil` for NULL.
    private var ends: [Int?] = []
    private var fields: [UnsafeBufferPointer<UInt8>?] = []

    /// Starts a new row.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Adds a byte to the field being read.
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Ends the field being read: what was appended since the last, or NULL.
    mutating func endField(isNull: Bool) { ends.append(isNull ? nil : bytes.count) }

    /// Calls `body` with `texts` as the row.
    mutating func withFields(of texts: [String?], _ body: ([UnsafeBufferPointer<UInt8>?]) throws -> Void) throws {
        removeAll()
        for text in texts {
            if let text { bytes.append(contentsOf: text.utf8) }
            endField(isNull: text == nil)
        }
        try handOn(body)
    }

    /// Calls `body` with the fields read since ``removeAll()``.
    mutating func handOn(_ body: ([UnsafeBufferPointer<UInt8>?]) throws -> Void) throws {
        let ends = ends
        var fields = self.fields
        defer { self.fields = fields }
        try bytes.withUnsafeBufferPointer { all in
            fields.removeAll(keepingCapacity: true)
            var start = 0
            for end in ends {
                guard let end else {
                    fields.append(nil)
                    continue
                }
                fields.append(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
            try body(fields)
        }
    }
}
