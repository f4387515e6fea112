/// Tells a web page (HTML) from a table: what a server sends in place of data when it
/// fails, wants a sign-in, or blocks a client, and what a browser saves as `data.csv`.
enum WebPageSniffer {
    /// How far into the input the page's start and title are looked for.
    static let window = 64 * 1024

    /// Whether `bytes` start like an HTML document (after a byte order mark and white space):
    /// `<!DOCTYPE html`, `<html`, `<head` or `<body`, or a comment or XML declaration followed
    /// by one of them in the first kilobyte.
    ///
    /// - Complexity: O(1): at most the first kilobyte is read.
    static func isWebPage(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = lowercased(bytes, from: start, count: 1024)
        let opening = ["<!doctype html", "<html", "<head", "<body"]
        if opening.contains(where: { head.starts(with: Array($0.utf8)) }) { return true }
        if head.starts(with: Array("<!--".utf8)) || head.starts(with: Array("<?xml".utf8)) {
            return find(Array("<html".utf8), in: head) != nil
        }
        return false
    }

    /// The text of the page's `<title>`, white space collapsed, at most 80 characters; `nil`
    /// when there is none in the first 64 KB.
    ///
    /// - Complexity: O(w) in the window.
    static func title(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = lowercased(bytes, from: 0, count: window)
        guard let open = find(Array("<title".utf8), in: head),
            let close = head[open...].firstIndex(of: UInt8(ascii: ">")),
            let end = find(Array("</title".utf8), in: head, from: close)
        else { return nil }
        let raw = String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
        let words = raw.split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty else { return nil }
        let text = words.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// ASCII letters lowered, other bytes as they are.
    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> [UInt8] {
        bytes[start..<min(bytes.count, start + count)].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
