import BrowseSupport
import Foundation
import Testing

@Suite struct PasswordRedactionTests {
    @Test(arguments: [
        ("https://ann:pw@example.com/x.csv", "https://ann:***@example.com/x.csv"),
        ("postgres://app:p%40ss@db.local:5432/sales", "postgres://app:***@db.local:5432/sales"),
        ("https://ann:p@ss@example.com/x", "https://ann:***@example.com/x"),
        ("https://:pw@example.com", "https://:***@example.com"),
        ("https://ann:密碼@例子.tw/x", "https://ann:***@例子.tw/x"),
        (
            "could not load x: http://a:b@h/x; then ftp://c:d@e",
            "could not load x: http://a:***@h/x; then ftp://c:***@e"
        ),
        ("not \"https://u:p@h\"", "not \"https://u:***@h\""),
        ("HTTPS://U:P@H/", "HTTPS://U:***@H/"),
    ])
    func aPasswordIsHidden(_ text: String, _ shown: String) {
        #expect(PasswordRedaction.redacting(text) == shown)
    }

    @Test(arguments: [
        "https://example.com/x.csv", "https://token@example.com/", "https://ann:@example.com/",
        "https://example.com/a:b@c", "a:b@c", "mailto:ann@example.com", "://a:b@c", "", "https://",
    ])
    func textWithoutAPasswordIsUnchanged(_ text: String) {
        #expect(PasswordRedaction.redacting(text) == text)
    }

    @Test func aURLIsShownWithoutItsPassword() throws {
        let url = try #require(URL(string: "https://ann:s3cret@example.com:8443/a.csv?x=1"))
        #expect(PasswordRedaction.redacting(url) == "https://ann:***@example.com:8443/a.csv?x=1")
    }
}
