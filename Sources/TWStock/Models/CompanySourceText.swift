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

    /// The fields whose texts are made as a file is read: those a list shows, filters or checks.
    static let readWithTheList: [CompanyField] = [
        .reportDate, .code, .name, .shortName, .industryCode, .foundedDate, .listingDate, .paidInCapital,
        .privatePlacementShares, .preferredShares, .issuedShares,
    ]

    /// Each field's place in ``readWithTheList`` by ``CompanyField/rawValue``, -1 for the others.
    private static let places = CompanyField.allCases.map { readWithTheList.firstIndex(of: $0) ?? -1 }

    /// With a file, the texts of ``readWithTheList`` in its order; without, every text by
    /// ``CompanyField/rawValue``. Only these few are strings: destroying an array of optional
    /// strings, one for each field, took longer than reading it.
    private var texts: [String]
    private let file: File?
    /// Every field's bytes in `file`, by ``CompanyField/rawValue``.
    private let fields: [CSVField]

    /// Texts given whole, by ``CompanyField/rawValue``; a field past their end reads as `""`.
    init(_ texts: [String]) {
        self.texts = texts
        file = nil
        fields = []
    }

    /// A record's fields, by ``CompanyField/rawValue``: the texts of ``readWithTheList`` are
    /// made now, the others when read.
    init(reading fields: [CSVField], in file: File) {
        texts = file.bytes.withUnsafeBufferPointer { buffer in
            Self.readWithTheList.map { fields[$0.rawValue].string(in: buffer) }
        }
        self.file = file
        self.fields = fields
    }

    /// A field's text, `""` when the source has no such field. Only texts given whole can be
    /// replaced.
    ///
    /// - Complexity: O(1) for a field of ``readWithTheList``, else O(n) in the text's length.
    subscript(_ field: CompanyField) -> String {
        get {
            let index = field.rawValue
            guard let file else { return texts.indices.contains(index) ? texts[index] : "" }
            let place = Self.places[index]
            if place >= 0 { return texts[place] }
            return file.bytes.withUnsafeBufferPointer { fields[index].string(in: $0) }
        }
        set {
            precondition(file == nil && texts.indices.contains(field.rawValue), "a text read from a file")
            texts[field.rawValue] = newValue
        }
    }

    /// Every field's text, in the order of ``CompanyField``.
    var all: [String] { CompanyField.allCases.map { self[$0] } }
}
