/// A JSON value and where it starts in its input, as `JSONReader` reads it.
///
/// Numbers keep the text they were written with (`1045.00`), so nothing passes through
/// `Double`; objects keep their members in order, duplicates included.
package struct JSONValue: Sendable, Hashable {
    /// What the value is.
    package indirect enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number as written.
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package var kind: Kind
    /// The 1-based line where the value starts.
    package var line: Int
    /// The byte offset where the value starts.
    package var offset: Int

    package init(_ kind: Kind, line: Int, offset: Int) {
        self.kind = kind
        self.line = line
        self.offset = offset
    }

    /// The text of a string; `nil` for other values.
    package var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The elements of an array; `nil` for other values.
    package var array: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members of an object, in order; `nil` for other values.
    package var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// True for `null`.
    package var isNull: Bool { kind == .null }

    /// The value of the last member named `key`, when this is an object that has one.
    ///
    /// - Complexity: O(m) in the number of members.
    package subscript(key: String) -> JSONValue? {
        members?.last { $0.key == key }?.value
    }

    /// A few words for the kind of value, for messages (`an array`, `a number`).
    package var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var value: JSONValue
    /// The 1-based line of the key.
    package var line: Int
    /// The byte offset of the key.
    package var offset: Int

    package init(key: String, value: JSONValue, line: Int, offset: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.offset = offset
    }
}
