import BrowseSupport
import Foundation

// Fuzzes the password redaction that every address shown to a person goes through: for any
// text, a password planted in a URL inside it never comes out, the rest of the text is kept
// around it, and redacting twice changes nothing more.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let once = PasswordRedaction.redacting(text)
    precondition(PasswordRedaction.redacting(once) == once, "redacting is idempotent")
    if !text.contains("://") { precondition(once == text, "text without a URL is unchanged") }
    // A marker password in a URL placed after the fuzzed text, and one before it.
    let secret = "Zq9SECRETq9Z"
    for planted in [
        text + " postgres://user:\(secret)@db.example:5432/x", "https://u:\(secret)@h.example/p " + text,
    ] {
        let shown = PasswordRedaction.redacting(planted)
        precondition(!shown.contains(secret), "a password is never shown")
    }
    return 0
}
