import Tabular

/// A company's fields exactly as the source wrote them: padding, U+3000 and placeholders such
/// as `"－ "` kept.
///
/// A list of two thousand companies shows a few columns; only an export or a detail view reads
/// the other fields. So a company read from a CSV file keeps the texts the list needs as
/// strings and the rest as byte ranges of the file, made into strings when read: making a
/// string of each of the two lists' 61,000 fields was a third of reading them.
struct CompanySourceText: Sendable {
    /// A file's text, validated as UTF-8 once and shared by every company read from it.
    final class File: Sendable {
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }
    }

    /// The texts made when the company was read, by ``CompanyField/rawValue``; `nil` where the
    /// text is still in `file`.
    private let texts: [String?]
    private let file: File?
    /// Every field's bytes in `file`, by ``CompanyField/rawValue``.
    private let fields: [CSVField]

    /// Texts given whole; a field past their end reads as `""`.
    init(_ texts: [String]) {
        self.texts = texts
        file = nil
        fields = []
    }

    /// The texts made so far, and where in `file` the others are.
    init(made texts: [String?], file: File, fields: [CSVField]) {
        self.texts = texts
        self.file = file
        self.fields = fields
    }

    /// A field's text, `""` when the source has no such field.
    ///
    /// - Complexity: O(1) for a text made when the company was read, else O(n) in its length.
    subscript(_ field: CompanyField) -> String {
        let index = field.rawValue
        if texts.indices.contains(index), let text = texts[index] { return text }
        guard let file, fields.indices.contains(index) else { return "" }
        return file.bytes.withUnsafeBufferPointer { fields[index].string(in: $0) }
    }

    /// Every field's text, in the order of ``CompanyField``.
    var all: [String] { CompanyField.allCases.map { self[$0] } }
}
