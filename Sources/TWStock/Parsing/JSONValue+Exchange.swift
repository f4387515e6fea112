import Tabular

extension JSONValue {
    /// Decodes a whole body from the exchanges with the package's one JSON reader.
    ///
    /// - Throws: ``TWSEParseError/blockPage(_:)`` for the block page, ``TWSEParseError/empty(_:)``
    ///   for an empty body, ``TWSEParseError/invalidJSON(_:detail:)`` when the body is not JSON.
    /// - Complexity: O(n) in the size of the body.
    static func decode(_ bytes: [UInt8], format: TWSEFormat) throws(TWSEParseError) -> JSONValue {
        if SourceText.isBlockPage(bytes) { throw .blockPage(format) }
        let body = ByteOrderMark.dropping(from: bytes)
        guard body.contains(where: { !MissingValueRule.isPadding(Unicode.Scalar($0)) }) else { throw .empty(format) }
        do throws(JSONProblem) {
            return try JSONReader.parse(bytes)
        } catch {
            let start = String(decoding: body.prefix(40), as: UTF8.self)
            throw .invalidJSON(
                format, detail: "the body is not valid JSON (it starts \(TWSEParseError.quote(start))): \(error)")
        }
    }

    /// This value when it is an object, for member lookups (`object["stat"]`).
    var object: JSONValue? { members == nil ? nil : self }

    /// The keys of an object, in order.
    var keys: [String] { members?.map(\.key) ?? [] }

    /// The first key of an object whose value is neither a string nor null; the exchanges'
    /// JSON holds only strings, so anything else marks a row that cannot be trusted.
    var firstNonStringKey: String? {
        guard let members else { return nil }
        return members.filter { $0.value.string == nil && !$0.value.isNull }.map(\.key).sorted().first
    }
}
