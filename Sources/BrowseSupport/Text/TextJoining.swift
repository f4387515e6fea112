/// Texts joined by spaces, as a filter searches them.
///
/// `joined(separator:)` appends each text and space to a growing string, about 340
/// instructions an append; the bytes are copied into one buffer here and made a string once.
public enum TextJoining {
    /// `texts` with one space between each two (an empty text keeps its place).
    ///
    /// - Complexity: O(n) in the texts' total length.
    public static func spaced(_ texts: [String]) -> String {
        guard !texts.isEmpty else { return "" }
        let length = texts.reduce(texts.count - 1) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            var first = true
            for text in texts {
                if !first {
                    buffer[end] = UInt8(ascii: " ")
                    end += 1
                }
                first = false
                var text = text
                end += text.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, let start = buffer.baseAddress else { return 0 }
                    (start + end).initialize(from: source, count: bytes.count)
                    return bytes.count
                }
            }
            return end
        }
    }
}
