import Foundation

/// A JSON value, decoded without `Any` so that parsers can match on it.
enum JSONValue: Sendable, Hashable {
    case null
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Converts what `JSONSerialization` produced; `nil` for anything that is not JSON.
    init?(serialized value: Any) {
        if let text = value as? String {
            self = .string(text)
        } else if let members = value as? [String: Any] {
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(members.count)
            for (key, member) in members {
                guard let converted = JSONValue(serialized: member) else { return nil }
                object[key] = converted
            }
            self = .object(object)
        } else if let elements = value as? [Any] {
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for element in elements {
                guard let converted = JSONValue(serialized: element) else { return nil }
                array.append(converted)
            }
            self = .array(array)
        } else if value is NSNull {
            self = .null
        } else if let number = value as? NSNumber {
            // JSONSerialization gives booleans as NSNumber too; no parser needs either as a value.
            self = .number(number.doubleValue)
        } else {
            return nil
        }
    }

    /// Decodes a whole body.
    ///
    /// - Throws: ``TWSEParseError/blockPage(_:)`` for the block page,
    ///   ``TWSEParseError/invalidJSON(_:detail:)`` when the body is not JSON.
    static func decode(_ bytes: [UInt8], format: TWSEFormat) throws(TWSEParseError) -> JSONValue {
        if SourceText.isBlockPage(bytes) { throw .blockPage(format) }
        let body = SourceText.droppingBOM(bytes)
        guard body.contains(where: { !FieldText.isPadding(Character(UnicodeScalar($0))) }) else {
            throw .empty(format)
        }
        let start = String(decoding: body.prefix(40), as: UTF8.self)
        let invalid = TWSEParseError.invalidJSON(
            format, detail: "the body is not valid JSON (it starts \(TWSEParseError.quote(start)))")
        guard let serialized = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
            let value = JSONValue(serialized: serialized)
        else { throw invalid }
        return value
    }

    /// The members of an object, `nil` for other values.
    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, `nil` for other values.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The first key of an object whose value is neither a string nor null; the exchanges'
    /// JSON holds only strings, so anything else marks a row that cannot be trusted.
    var firstNonStringKey: String? {
        guard let members = object else { return nil }
        func isOdd(_ value: JSONValue) -> Bool { value.string == nil && value != .null }
        // The common case (all strings) needs no sorting; sorting keeps the message stable.
        guard members.values.contains(where: isOdd) else { return nil }
        return members.keys.sorted().first { key in members[key].map(isOdd) ?? false }
    }

    /// The text of a string, `nil` for other values.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
