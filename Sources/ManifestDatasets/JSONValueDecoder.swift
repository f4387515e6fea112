import Tabular

/// Decodes `Decodable` types from the project's own JSON reader's values, so that every error
/// knows where in the file it is: the path of keys to the value (turned into a line and a
/// column by the caller).
///
/// Keyed containers whose `CodingKeys` are `CaseIterable` are strict: a key they do not know
/// is an error that names the nearest known key (`"sumary"`: did you mean `summary`?).
struct JSONValueDecoder {
    /// Decodes `type` from `value`.
    ///
    /// - Throws: `JSONDecodingFailure` with the path to the value that did not fit.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// Why a value could not be decoded, and where.
struct JSONDecodingFailure: Error, Hashable {
    /// The keys (and array indexes) that lead to the value.
    var path: [String]
    /// True when the failure is about the last key itself (an unknown key), not its value.
    var atKey: Bool
    var message: String
}

/// A key made from any text, for paths and containers of unknown keys.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var path: [String] { codingPath.map(\.stringValue) }

    func failure(_ message: String) -> JSONDecodingFailure {
        JSONDecodingFailure(path: path, atKey: false, message: message)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = value.members else { throw failure("must be an object, not \(value.kindName)") }
        if let known = Key.self as? any CaseIterable.Type {
            let names = (known.allCases as any Collection).compactMap { ($0 as? any CodingKey)?.stringValue }
            for member in members where !names.contains(member.key) {
                var message = "is not a key here"
                if let near = Suggestion.nearest(to: member.key, among: names) {
                    message += "; did you mean `\(near)`?"
                } else {
                    message += "; the keys are " + names.map { "`\($0)`" }.joined(separator: ", ")
                }
                throw JSONDecodingFailure(path: path + [member.key], atKey: true, message: message)
            }
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value.array else { throw failure("must be an array, not \(value.kindName)") }
        return UnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(decoder: self)
    }

    func child(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key])
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let members: [JSONMember]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    func child(_ key: Key) throws -> ValueDecoder {
        guard let member = members.last(where: { $0.key == key.stringValue }) else {
            throw JSONDecodingFailure(
                path: decoder.path, atKey: false, message: "needs the key `\(key.stringValue)`")
        }
        return decoder.child(member.value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: child(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), let child = try? child(key), !child.value.isNull else { return nil }
        return try T(from: child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [JSONValue]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(decoder: ValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else { throw decoder.failure("has too few elements") }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: AnyKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value.kind else {
            throw decoder.failure("must be true or false, not \(value.kindName)")
        }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard let text = value.string else { throw decoder.failure("must be a string, not \(value.kindName)") }
        return text
    }

    func decode(_ type: Int.Type) throws -> Int {
        guard case .number(let text) = value.kind, let number = Int(text) else {
            throw decoder.failure("must be a whole number, not \(value.kindName)")
        }
        return number
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let text) = value.kind, let number = Double(text) else {
            throw decoder.failure("must be a number, not \(value.kindName)")
        }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }

    private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let number = T(exactly: try decode(Int.self)) else { throw decoder.failure("is out of range") }
        return number
    }
}
