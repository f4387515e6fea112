import Tabular

/// Turns a response body into text and records, catching the block page and bad encodings
/// before any parser sees them.
enum SourceText {
    /// The phrase of TWSE's block page: "FOR SECURITY REASONS, THIS PAGE CAN NOT BE ACCESSED".
    private static let blockPhrase = Array("FOR SECURITY REASONS".utf8)

    /// True when `bytes` are TWSE's block page, which is served with HTTP 200 in place of data.
    ///
    /// Looks for the phrase, in any case, in the first 64 KiB of a body that is a page (it
    /// starts with `<`) or is short; a long text that only mentions the phrase (a README) is not
    /// a block page.
    ///
    /// - Complexity: O(n) in min(n, 64 KiB).
    static func isBlockPage(_ bytes: [UInt8]) -> Bool {
        let first = ByteOrderMark.dropping(from: bytes.prefix(1024)).first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard first == UInt8(ascii: "<") || bytes.count < 1024 else { return false }
        let limit = min(bytes.count, 65_536)
        let phrase = blockPhrase
        guard limit >= phrase.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start + phrase.count <= limit {
                var matched = true
                for offset in 0..<phrase.count where upper(buffer[start + offset]) != phrase[offset] {
                    matched = false
                    break
                }
                if matched { return true }
                start += 1
            }
            return false
        }
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    /// The body as UTF-8 bytes: UTF-8 input as is (less a byte order mark), anything else
    /// decoded as Big5 (CP950), the encoding of TWSE's Chinese CSV downloads.
    ///
    /// - Throws: ``TWSEParseError/blockPage(_:)`` for the block page,
    ///   ``TWSEParseError/undecodable(_:detail:)`` when the body is neither encoding.
    static func utf8(_ bytes: [UInt8], format: TWSEFormat) throws(TWSEParseError) -> [UInt8] {
        if isBlockPage(bytes) { throw .blockPage(format) }
        let body = Array(ByteOrderMark.dropping(from: bytes))
        if TextDecoding.isValidUTF8(body) { return body }
        do throws(TextDecodingError) {
            return Array(try TextDecoding.decodeBig5(body).utf8)
        } catch {
            throw .undecodable(format, detail: error.description)
        }
    }

    /// The body read as comma-separated records, with scanner problems turned into issues.
    static func csv(_ bytes: [UInt8], format: TWSEFormat) throws(TWSEParseError) -> (
        records: [CSVTextRecord], issues: [ParseIssue]
    ) {
        let document = CSVScanner.records(in: try utf8(bytes, format: format))
        return (document.records, issues(document.issues, format: format))
    }

    /// The scanner's problems as issues of `format`.
    static func issues(_ scanned: [CSVIssue], format: TWSEFormat) -> [ParseIssue] {
        scanned.map { issue in ParseIssue(format: format, line: issue.line, message: issueMessage(issue)) }
    }

    private static func issueMessage(_ issue: CSVIssue) -> String {
        switch issue.kind {
        case .unterminatedQuote:
            return "a quoted field is never closed; the rest of the file was read as one field"
        case .textAfterClosingQuote:
            return "text follows a closing quote; it was kept in the field"
        case .quoteInUnquotedField:
            return "a quote inside an unquoted field; it was kept as text"
        }
    }
}
