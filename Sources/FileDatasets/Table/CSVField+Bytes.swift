import Tabular

extension CSVField {
    /// ``CSVField/withContent(in:quote:_:)`` for this module's loops over every field of a file.
    ///
    /// A generic declared `package` in another module is called unspecialized (its result goes
    /// through type metadata), even when marked inlinable; that took a tenth of a chart's time.
    /// A field without quotes to undo, nearly every field, is handed over here, and only the
    /// rest goes to the shared form.
    ///
    /// - Complexity: O(1) for a field without quotes to undo, else O(n) in its length.
    @inline(__always)
    func withBytes<Result>(
        in buffer: UnsafeBufferPointer<UInt8>, quote: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard needsUnescaping else { return body(UnsafeBufferPointer(rebasing: buffer[contentRange])) }
        return withContent(in: buffer, quote: quote, body)
    }
}
