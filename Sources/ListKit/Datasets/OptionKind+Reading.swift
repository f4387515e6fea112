import BrowseSupport
import Foundation

extension OptionKind {
    /// Whether `text` is a value of this kind: what a declaration accepts unless it says
    /// otherwise.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .flag: return true
        case .text, .file, .folder, .column: return true
        case .integer(let range): return Self.integer(text, in: range) != nil
        case .date: return CalendarDate(iso: text) != nil
        case .month: return Self.month(text) != nil
        case .choice(let words): return Self.word(text, in: words) != nil
        case .url: return Self.url(text) != nil
        }
    }

    /// A whole number in `range`, written in ASCII digits with an optional sign.
    static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else { return nil }
        return number
    }

    /// The first day of the month `yyyy-mm`.
    static func month(_ text: String) -> CalendarDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        return CalendarDate(year: year, month: month, day: 1)
    }

    /// The word of `words` that `text` is, compared without case.
    static func word(_ text: String, in words: [String]) -> String? {
        let folded = text.lowercased()
        return words.first { $0.lowercased() == folded }
    }

    /// `text` as an `http` or `https` URL with a host.
    static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
