import ListKit

/// How companies look in tables, exports and details.
enum CompanyPresentation {
    /// The table's columns: the code and short name stay longest on a narrow screen.
    static let columns = [
        Column("code", kind: .code, priority: 10),
        Column("name", priority: 9, minimumWidth: 4),
        Column("company", priority: 2, minimumWidth: 8),
        Column("market", priority: 7),
        Column("industry", priority: 4, minimumWidth: 6),
        Column("capital", kind: .integer, priority: 6),
        Column("listed", kind: .date, priority: 5),
    ]

    static func configure(_ row: inout ColumnsRow, _ company: Company) {
        row["code"] = .text(company.code.rawValue)
        row["name"] = .text(company.shortName)
        row["company"] = .text(company.name)
        row["market"] = .text(company.market.title)
        row["industry"] = .text(company.industryName ?? company.industryCode ?? "")
        row["capital"] = company.paidInCapital.map { Cell.integer($0, grouped: true) } ?? .missing
        row["listed"] = .date(company.listingDate)
    }

    static func detail(_ company: Company, notes: [String] = []) -> Detail {
        var fields: [Detail.Field] = [
            .init("code", company.code.rawValue),
            .init("name", company.shortName),
            .init("company", company.name),
            .init("market", company.market.title),
            .init(
                "industry",
                company.industryName.map { "\($0) (\(company.industryCode ?? ""))" } ?? company.industryCode ?? "—"),
            .init(
                "paid-in capital",
                company.paidInCapital.map { "NT$ " + ExactDecimal($0).formatted(grouping: true) } ?? "—"),
            .init("listed", company.listingDate?.description ?? "—"),
            .init("founded", company.foundedDate?.description ?? "—"),
        ]
        let optional: [(String, String?)] = [
            ("chairman", company.chairman),
            ("general manager", company.generalManager),
            ("spokesperson", company.spokesperson),
            ("par value", company.parValue),
            ("issued shares", company.issuedShares.map { ExactDecimal($0).formatted(grouping: true) }),
            ("registered in", company.foreignRegistration),
            ("address", company.address),
            ("phone", company.phone),
            ("website", company.website),
            ("English name", company.englishShortName),
            ("transfer agent", company.transferAgent),
            (
                "auditors",
                company.auditors.isEmpty
                    ? nil : company.auditFirm.map { "\($0): " + company.auditors.joined(separator: ", ") }
            ),
            ("data as of", company.reportDate?.description),
        ]
        for (name, value) in optional {
            if let value, !value.isEmpty { fields.append(.init(name, value)) }
        }
        return Detail(title: "\(company.code) \(company.shortName)", fields: fields, notes: notes)
    }
}
