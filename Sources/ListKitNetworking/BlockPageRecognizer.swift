import Foundation

/// Recognises the page a server sends with HTTP 200 in place of data when it refuses a client
/// (a "security" or "access denied" page): given the first bytes of a body, it returns why the
/// host is taken to be blocking, or `nil` for a body that is data.
///
/// A downloader that meets one marks the host blocked for the run, so no more requests go to
/// a server that is already refusing; the cached copy answers instead.
public struct BlockPageRecognizer: Sendable {
    /// How many bytes of the body are looked at.
    public static let prefixLength = 65_536

    private let recognize: @Sendable (_ firstBytes: ArraySlice<UInt8>) -> String?

    /// A recogniser of your own.
    ///
    /// - Parameter recognize: Given at most ``prefixLength`` first bytes of a body, the reason
    ///   to give (`it answered with its "FOR SECURITY REASONS" page`), or `nil` for data.
    public init(_ recognize: @escaping @Sendable (_ firstBytes: ArraySlice<UInt8>) -> String?) {
        self.recognize = recognize
    }

    /// The reason `body` is a block page, or `nil`.
    ///
    /// - Complexity: O(k) in ``prefixLength`` times the recogniser's own cost.
    public func reason(for body: Data) -> String? {
        recognize(ArraySlice(body.prefix(Self.prefixLength)))
    }

    /// Recognises nothing: every body is data.
    public static let none = BlockPageRecognizer { _ in nil }

    /// An HTML page (its first non-blank byte is `<`) holding one of `phrases`, compared
    /// without case in ASCII.
    ///
    /// - Parameter phrases: ASCII phrases such as `ACCESS DENIED`.
    public static func htmlPage(containing phrases: [String]) -> BlockPageRecognizer {
        let needles = phrases.map { Array($0.uppercased().utf8) }.filter { !$0.isEmpty }
        return BlockPageRecognizer { bytes in
            guard bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<")
            else { return nil }
            let upper = bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
            for needle in needles where contains(upper, needle) {
                return "it answered with a page saying \"\(String(decoding: needle, as: UTF8.self))\" instead of data"
            }
            return nil
        }
    }

    /// The phrases of the usual refusal pages: "FOR SECURITY REASONS" (the Taiwan exchanges),
    /// "ACCESS DENIED", "REQUEST REJECTED", "TOO MANY REQUESTS".
    public static let commonRefusals = htmlPage(containing: [
        "FOR SECURITY REASONS", "ACCESS DENIED", "REQUEST REJECTED", "TOO MANY REQUESTS",
    ])

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return true
            }
            start += 1
        }
        return false
    }
}
