import Foundation

/// URLs and connection strings as they may be shown: the password in their user information
/// replaced by `***`, everything else kept, so the person still sees which address and which
/// user was meant.
///
/// ```text
/// https://ann:s3cret@example.com/orders.csv   →  https://ann:***@example.com/orders.csv
/// postgres://app:pw@db.local:5432/sales       →  postgres://app:***@db.local:5432/sales
/// ```
///
/// Every place that puts an address in front of a person (standard error, the screen, `--list`,
/// the history file, what the cache records as a download's source) goes through here; what is
/// fetched still uses the address as given.
package enum PasswordRedaction {
    /// What a password is shown as.
    package static let mask = "***"

    /// `text` with the password of every `scheme://user:password@host` in it replaced by
    /// ``mask``; text without one is returned unchanged.
    ///
    /// The user information ends at the last `@` before the host's end (a `/`, `?`, `#`, a
    /// space or a quote), so a password holding an unencoded `@` is hidden whole.
    ///
    /// - Parameter text: A URL, a connection string, or a message that quotes one.
    /// - Returns: The text, safe to show.
    /// - Complexity: O(n) in the length of `text`.
    package static func redacting(_ text: String) -> String {
        guard text.contains("://") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard let authority = authorityAfterScheme(scalars, at: index) else {
                output.append(scalars[index])
                index += 1
                continue
            }
            // Copy up to the authority, then the authority with its password masked.
            output.append(contentsOf: scalars[index..<authority.lowerBound])
            let part = scalars[authority]
            if let at = part.lastIndex(of: "@"), let colon = part[..<at].firstIndex(of: ":"), colon + 1 < at {
                output.append(contentsOf: scalars[authority.lowerBound...colon])
                output.append(contentsOf: mask.unicodeScalars)
                output.append(contentsOf: scalars[at..<authority.upperBound])
            } else {
                output.append(contentsOf: part)
            }
            index = authority.upperBound
        }
        return String(output)
    }

    /// The text of `url`, its password replaced by ``mask``.
    ///
    /// - Complexity: O(n) in the length of the URL.
    package static func redacting(_ url: URL) -> String {
        redacting(url.absoluteString)
    }

    /// When `scalars[index...]` starts with `scheme://`, the range of the authority after it.
    private static func authorityAfterScheme(_ scalars: [Unicode.Scalar], at index: Int) -> Range<Int>? {
        // A scheme starts with a letter not preceded by another scheme character.
        guard isLetter(scalars[index]), index == 0 || !isSchemeCharacter(scalars[index - 1]) else { return nil }
        var end = index + 1
        while end < scalars.count, isSchemeCharacter(scalars[end]) { end += 1 }
        guard end + 2 < scalars.count, scalars[end] == ":", scalars[end + 1] == "/", scalars[end + 2] == "/"
        else { return nil }
        let start = end + 3
        var stop = start
        while stop < scalars.count, !endsAuthority(scalars[stop]) { stop += 1 }
        return start..<stop
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
    }

    private static func endsAuthority(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "?", "#", "\"", "'", "`", "<", ">", "\\": return true
        default: return scalar.properties.isWhitespace || scalar.value < 0x20
        }
    }
}
