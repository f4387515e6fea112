import BrowseSupport
import ListKit
import Tabular

/// How companies look in tables, exports and details.
///
/// The table shows a few columns; every one of the source's 33 fields is a column too (not
/// shown until `show`), so an export carries them all. Text fields show and export exactly as the
/// source wrote them (runs of spaces, U+3000 and placeholders kept); numbers as numbers and
/// dates as `yyyy-mm-dd`.
enum CompanyPresentation {
    /// The table's columns: the code and short name stay longest on a narrow screen, and at the
    /// left while `>` scrolls the others; then every other field of the source, in its order,
    /// shown only when asked for. The short and the full name keep at least four characters.
    static var columns: [ListColumn<Company>] {
        let shown: [ListColumn<Company>] = [
            .code("code", \.code.rawValue, priority: 10, isPinnedByDefault: true),
            ListColumn("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true) {
                text($0, .shortName, shown: $0.shortName)
            },
            ListColumn("company", kind: .text, priority: 2, isName: true) { text($0, .name, shown: $0.name) },
            ListColumn("market", kind: .text, priority: 7) { .text($0.market.title) },
            ListColumn("industry", kind: .text, priority: 4) { .text($0.industryName ?? $0.industryCode ?? "") },
            .integer("capital", \.paidInCapital, grouped: true, priority: 6),
            .date("listed", \.listingDate, priority: 5),
        ]
        let names = Set(shown.map(\.name))
        let rest = CompanyField.allCases.filter { !names.contains($0.column) }.map { field in
            ListColumn<Company>(field.column, kind: kind(of: field), priority: 0, isShownByDefault: false) {
                cell(of: $0, field)
            }
        }
        return shown + rest
    }

    /// The cell of a field the table does not show until asked: dates and counts typed, text as
    /// the source wrote it.
    private static func cell(of company: Company, _ field: CompanyField) -> Cell {
        switch field {
        case .reportDate: return .date(company.reportDate)
        case .foundedDate: return .date(company.foundedDate)
        case .privatePlacementShares: return count(company.privatePlacementShares)
        case .preferredShares: return count(company.preferredShares)
        case .issuedShares: return count(company.issuedShares)
        default: return text(company, field, shown: nil)
        }
    }

    static func kind(of field: CompanyField) -> ColumnKind {
        switch field.kind {
        case .text: return .text
        case .code: return .code
        case .count: return .integer
        case .date, .rocDate: return .date
        }
    }

    /// What a filter searches: the columns the table shows, not every field (a filter over
    /// 2,000 companies would otherwise build 35 cells each).
    static func searchText(_ company: Company) -> String {
        TextJoining.spaced([
            company.code.rawValue, company.shortName, company.name, company.market.title,
            company.industryName ?? company.industryCode ?? "",
            company.paidInCapital.map { ExactDecimal($0).formatted(grouping: true) } ?? "",
            company.listingDate?.description ?? "",
        ])
    }

    /// A text field: shown and exported as the source wrote it (`新台幣                 10.0000元`,
    /// a trailing U+3000), as any file's cell is; the names show as the company is named.
    private static func text(_ company: Company, _ field: CompanyField, shown: String?) -> Cell {
        let source = company.sourceText(field)
        let value = source.isEmpty ? (shown ?? "") : source
        return Cell(.text(value), text: shown ?? source)
    }

    private static func count(_ value: Int64?) -> Cell {
        value.map { Cell.integer($0, grouped: true) } ?? .missing
    }

    /// Every field the source has for the company, empty ones too: text as the source wrote it
    /// (padding, U+3000 and placeholders such as `－ ` kept), counts grouped, dates as
    /// `yyyy-mm-dd`.
    static func detail(_ company: Company, notes: [String] = []) -> Detail {
        var fields: [Detail.Field] = [
            .init("code", company.code.rawValue),
            .init("name", shown(company, .shortName) ?? company.shortName),
            .init("company", shown(company, .name) ?? company.name),
            .init("market", company.market.title),
            .init(
                "industry",
                company.industryName.map { "\($0) (\(company.industryCode ?? ""))" } ?? company.industryCode ?? "—"),
        ]
        let listed: Set<CompanyField> = [.code, .shortName, .name, .industryCode]
        for field in CompanyField.allCases where !listed.contains(field) {
            fields.append(.init(field.label, detailValue(company, field)))
        }
        return Detail(title: "\(company.code) \(company.shortName)", fields: fields, notes: notes)
    }

    /// The source's text of a name, when it holds anything but padding.
    private static func shown(_ company: Company, _ field: CompanyField) -> String? {
        let source = company.sourceText(field)
        return source.unicodeScalars.allSatisfy(MissingValueRule.isPadding) ? nil : source
    }

    /// A field's reading (a count grouped, a date as `yyyy-mm-dd`), else its text as written.
    private static func detailValue(_ company: Company, _ field: CompanyField) -> String {
        let grouped = { (value: Int64) in ExactDecimal(value).formatted(grouping: true) }
        let typed: String?
        switch field {
        case .paidInCapital: typed = company.paidInCapital.map { "NT$ " + grouped($0) }
        case .privatePlacementShares: typed = company.privatePlacementShares.map(grouped)
        case .preferredShares: typed = company.preferredShares.map(grouped)
        case .issuedShares: typed = company.issuedShares.map(grouped)
        case .listingDate: typed = company.listingDate?.description
        case .foundedDate: typed = company.foundedDate?.description
        case .reportDate: typed = company.reportDate?.description
        default: typed = nil
        }
        return typed ?? company.sourceText(field)
    }
}
