import Foundation

/// What a POST request sends: its bytes and their type. A form
/// (`application/x-www-form-urlencoded`) is made with ``form(_:)``.
///
/// ```swift
/// let body = RequestBody.form([("startDate", "2024/03/22"), ("response", "json")])
/// // startDate=2024%2F03%2F22&response=json
/// ```
public struct RequestBody: Sendable, Hashable, CustomStringConvertible {
    /// The `Content-Type` it is sent with.
    public let contentType: String
    public let bytes: [UInt8]

    /// A body of `bytes` sent as `contentType`.
    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }

    /// A form, its fields in order, each name and value percent-encoded as forms are: letters,
    /// digits and `-._*` as they are, a space as `+`, every other byte of the UTF-8 as `%XX`.
    ///
    /// - Complexity: O(n) in the length of the fields.
    public static func form(_ fields: [(name: String, value: String)]) -> RequestBody {
        let text = fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
        return RequestBody(contentType: "application/x-www-form-urlencoded", bytes: Array(text.utf8))
    }

    /// The body as text (a form's fields), for a cached copy's provenance and messages.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
