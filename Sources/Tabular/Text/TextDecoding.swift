/// Strict conversions between bytes and text that say where bad input is.
///
/// Foundation's Big5 decoding silently drops bytes it cannot map, and `String(decoding:as:)`
/// silently repairs bad UTF-8: both hide a corrupt download. These functions throw a
/// ``TextDecodingError`` with the byte offset instead.
///
/// Big5 here is Microsoft's code page 950 (CP950), the encoding TWSE uses for its Chinese CSV
/// downloads; it goes through the C library's `iconv`, asking for `CP950` and then `BIG5`.
package enum TextDecoding {
    /// The iconv names tried for Big5 input, most specific first.
    static let big5Names = ["CP950", "BIG5"]

    /// Decodes Big5 (CP950) bytes.
    ///
    /// ```swift
    /// try TextDecoding.decodeBig5([0xA5, 0x78, 0xBF, 0x6E, 0xB9, 0x71])  // "台積電"
    /// ```
    ///
    /// - Parameter bytes: Big5 text.
    /// - Returns: The text.
    /// - Throws: ``TextDecodingError/invalidBytes(encoding:byteOffset:bytes:)`` at the first byte
    ///   that is not Big5, ``TextDecodingError/truncatedSequence(encoding:byteOffset:)`` when the
    ///   input ends inside a character.
    /// - Complexity: O(n) in the number of bytes.
    package static func decodeBig5(_ bytes: [UInt8]) throws(TextDecodingError) -> String {
        let utf8 = try IconvConverter.convert(bytes, from: big5Names, to: "UTF-8", label: "Big5", encoding: false)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Encodes text as Big5 (CP950).
    ///
    /// - Parameter text: The text to encode.
    /// - Returns: Its Big5 bytes.
    /// - Throws: ``TextDecodingError/unencodable(encoding:byteOffset:)`` for a character Big5
    ///   lacks (an emoji, most simplified characters), with its UTF-8 byte offset in `text`.
    /// - Complexity: O(n) in the length of the text.
    package static func encodeBig5(_ text: String) throws(TextDecodingError) -> [UInt8] {
        var lastError: TextDecodingError = .converterUnavailable(from: "UTF-8", to: "CP950")
        for name in big5Names {
            do throws(TextDecodingError) {
                return try IconvConverter.convert(
                    Array(text.utf8), from: ["UTF-8"], to: name, label: "Big5", encoding: true)
            } catch {
                if case .converterUnavailable = error {
                    lastError = error
                    continue
                }
                throw error
            }
        }
        throw lastError
    }

    /// Decodes UTF-8 strictly, without repairing bad bytes.
    ///
    /// A leading byte order mark is kept as U+FEFF; callers that do not want it drop it first.
    ///
    /// - Parameter bytes: UTF-8 text.
    /// - Returns: The text.
    /// - Throws: ``TextDecodingError/invalidBytes(encoding:byteOffset:bytes:)`` at the first
    ///   invalid byte, or ``TextDecodingError/truncatedSequence(encoding:byteOffset:)``.
    /// - Complexity: O(n) in the number of bytes.
    package static func decodeUTF8(_ bytes: [UInt8]) throws(TextDecodingError) -> String {
        if let problem = firstUTF8Problem(in: bytes) {
            if problem.truncated { throw .truncatedSequence(encoding: "UTF-8", byteOffset: problem.offset) }
            let bad = Array(bytes[problem.offset..<min(problem.offset + 2, bytes.count)])
            throw .invalidBytes(encoding: "UTF-8", byteOffset: problem.offset, bytes: bad)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `bytes` are entirely valid UTF-8.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        firstUTF8Problem(in: bytes) == nil
    }

    /// The offset of the first invalid UTF-8 sequence, and whether it is cut off by the end.
    ///
    /// Every downloaded file is checked this way before it is read, so the quick check that
    /// file loading uses finds where (ASCII and most CJK in steps); ``UTF8Scalar`` then tells
    /// whether the end cut the sequence there short.
    static func firstUTF8Problem(in bytes: [UInt8]) -> (offset: Int, truncated: Bool)? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let offset = UTF8Validation.firstInvalidByte(in: buffer, from: 0) else { return nil }
            return (offset, UTF8Scalar.isCutShort(buffer, at: offset))
        }
    }
}
