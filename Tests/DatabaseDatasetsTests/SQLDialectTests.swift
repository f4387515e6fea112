import Testing

@testable import DatabaseDatasets

@Suite struct SQLDialectTests {
    @Test func aQuotedIdentifierIsOnlyEverAName() {
        #expect(SQLDialect.postgres.quoted("\"; DROP TABLE t; --") == "\"\"\"; DROP TABLE t; --\"")
        #expect(SQLDialect.sqlite.quoted("收盤價") == "\"收盤價\"")
    }

    @Test func placeholdersAreTheEnginesOwn() {
        #expect(SQLDialect.sqlite.placeholder(2) == "?2")
        #expect(SQLDialect.postgres.placeholder(2) == "$2")
    }

    @Test func aSchemaQualifiedRelationQuotesEachPart() {
        let relation = DatabaseRelation(
            schema: "my schema", name: "orders", isView: false, rowCount: nil, rowCountIsEstimate: false)
        #expect(relation.sql(.postgres) == "\"my schema\".\"orders\"")
        #expect(relation.qualifiedName == "my schema.orders")
    }
}
