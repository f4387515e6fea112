/// Decodes HTML's character references in text: the named ones a data page uses (`&nbsp;`,
/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`) and every numeric one (`&#39;`, `&#x4E00;`). A
/// reference that is none of these (`&copy;`, `& b`, a number past Unicode) is kept as written.
enum HTMLEntities {
    static let named: [String: Unicode.Scalar] = [
        "nbsp": "\u{00A0}", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    ]

    /// The text of `bytes` (UTF-8) with its references decoded.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", let (decoded, length) = reference(scalars, at: index) else {
                result.append(scalar)
                index += 1
                continue
            }
            result.append(decoded)
            index += length
        }
        return String(result)
    }

    /// The reference at `start` (an `&`) and how many scalars it takes, its `;` included.
    private static func reference(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        // Names and numbers are short: a `;` further on ends something else.
        let limit = min(scalars.count, start + 12)
        guard let semicolon = (start + 1..<limit).first(where: { scalars[$0] == ";" }), semicolon > start + 1 else {
            return nil
        }
        var body = String.UnicodeScalarView()
        body.append(contentsOf: scalars[(start + 1)..<semicolon])
        let name = String(body)
        let length = semicolon - start + 1
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let decoded = Unicode.Scalar(value) else { return nil }
            return (decoded, length)
        }
        return named[name].map { ($0, length) }
    }
}
