/// How many cells of a screen a cell's text takes, as the front end draws it: what the widest
/// value of a column is measured in.
///
/// ListKit does not draw, so the front end says how wide text is (a terminal counts a CJK
/// character as two cells and shows a control character as a picture of it); a store that
/// measures a column over its bytes hands it each value's UTF-8 without making a `String`.
///
/// ```swift
/// let characters = TextWidth { utf8 in String(decoding: utf8, as: UTF8.self).count }
/// let width = characters.of("台積電")  // 3
/// ```
public struct TextWidth: Sendable {
    private let measure: @Sendable (UnsafeBufferPointer<UInt8>) -> Int

    /// A width that `measure` gives for a text's UTF-8.
    ///
    /// - Parameter measure: The cells a text takes, given its UTF-8; it is called from several
    ///   threads at once.
    public init(utf8 measure: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Int) {
        self.measure = measure
    }

    /// The cells `text` takes.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { measure($0) }
    }

    /// The cells the text whose UTF-8 is `utf8` takes.
    ///
    /// - Complexity: O(n) in the bytes.
    public func of(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        measure(utf8)
    }
}
