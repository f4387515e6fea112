import Foundation
import Testing

@testable import ManifestDatasets

@Suite struct ManifestReadingTests {
    func read(_ text: String, name: String = "orders.json") throws(ManifestProblem) -> LoadedManifest {
        try ManifestReader.read(Array(text.utf8), path: "/tmp/\(name)")
    }

    func problem(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no problem"
        } catch {
            return error.description
        }
    }

    @Test func theIssuesExampleDecodes() throws {
        let loaded = try read(
            """
            {"id": "listed", "title": "Listed companies", "summary": "MOPS basic data",
             "source": "~/data/t187ap03_L.csv",
             "columns": ["公司代號", "公司簡稱", {"name": "產業別", "title": "industry", "kind": "code"}],
             "sort": "公司代號",
             "drill": {"dataset": "prices", "where": "證券代號 = {公司代號}"}}
            """)
        #expect(loaded.manifest.id == "listed")
        #expect(loaded.manifest.source.location == "~/data/t187ap03_L.csv")
        #expect(loaded.shownColumns == ["公司代號", "公司簡稱", "industry"])
        #expect(loaded.manifest.columns?[2].kind == "code")
        #expect(loaded.manifest.drill?.dataset == "prices")
    }

    @Test func aSourceObjectCarriesTheFileOptions() throws {
        let loaded = try read(
            """
            {"id": "tpex", "title": "t", "source": {"url": "https://example.com/t.json", "table": "tables.0.data",
             "fields": "tables.0.fields", "freshness": "6h"}}
            """)
        #expect(loaded.manifest.source.isURL)
        #expect(loaded.manifest.source.table == "tables.0.data")
        #expect(loaded.manifest.source.freshness == "6h")
    }

    @Test func anUnknownKeySuggestsTheNearestKnownOne() {
        #expect(
            problem("{\"id\": \"a\", \"title\": \"t\",\n \"sumary\": \"x\", \"source\": \"a.csv\"}")
                == "orders.json:2:2: `sumary` is not a key here; did you mean `summary`?")
        #expect(
            problem("{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a.csv\", \"delimeter\": \";\"}}")
                == "orders.json:1:55: `source.delimeter` is not a key here; did you mean `delimiter`?")
        #expect(
            problem("{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"datset\": \"b\"}}")
                .contains("`drill.datset` is not a key here; did you mean `dataset`?"))
    }

    @Test func eachValidationErrorNamesTheKeyAndItsPlace() {
        let cases: [(String, String)] = [
            ("{\"title\": \"t\", \"source\": \"a.csv\"}", "orders.json:1:1: needs the key `id`"),
            (
                "{\"id\": \"Orders\", \"title\": \"t\", \"source\": \"a.csv\"}",
                "orders.json:1:8: `id` must be lower kebab-case"
            ),
            ("{\"id\": \"a\", \"title\": \" \", \"source\": \"a.csv\"}", "`title` is empty"),
            ("{\"id\": \"a\", \"title\": 3, \"source\": \"a.csv\"}", "`title` must be a string, not a number"),
            ("{\"id\": \"a\", \"title\": \"t\", \"source\": \"http://example.com/a.csv\"}", "`source` uses plain http"),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"url\": \"file:///etc/passwd\"}}",
                "orders.json:1:45: `source.url` must be an http(s) URL, not \"file:///etc/passwd\"; a file is given by `path`"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"file:///etc/passwd\"}",
                "`source` is a file: URL (\"file:///etc/passwd\"); give a file's path or an http(s) URL"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a\", \"format\": \"xls\"}}",
                "`source.format` cannot be \"xls\""
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a\", \"delimiter\": \"ab\"}}",
                "`source.delimiter` cannot be"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a\", \"encoding\": \"latin1\"}}",
                "`source.encoding` cannot be"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a\", \"table\": \"a..b\"}}",
                "`source.table` cannot be"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a\", \"fields\": \"f\"}}",
                "`source.fields` cannot be"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a.csv\", \"freshness\": \"1h\"}}",
                "`source.freshness` applies to a URL source only"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"url\": \"https://x.org/a\", \"freshness\": \"soon\"}}",
                "`source.freshness` must be a whole number"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": {\"path\": \"a.csv\", \"fileColumn\": \"f\"}}",
                "`source.fileColumn` applies to a pattern"
            ),
            ("{\"id\": \"a\", \"title\": \"t\", \"source\": {\"format\": \"csv\"}}", "`source` needs one of `path`"),
            ("{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"columns\": []}", "`columns` is empty"),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"columns\": [{\"name\": \"x\", \"kind\": \"money\"}]}",
                "`columns.0.kind` must be one of text, code, integer, decimal, date, datetime, time"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"columns\": [\"x\", \"x\"]}",
                "`columns.1` shows a second column"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"sort\": \"x:down\"}",
                "`sort` must be COL or COL:desc"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"columns\": [\"x\"], \"sort\": \"y\"}",
                "`sort` names column \"y\", which is not among `columns`: x"
            ),
            ("{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {}}", "`drill` needs `dataset`"),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"dataset\": \"b\", \"url\": \"https://x.org\"}}",
                "`drill` has both"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"url\": \"https://x.org/{id}\", \"where\": \"x = 1\"}}",
                "`drill.where` narrows a `dataset`"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"dataset\": \"b\", \"where\": \"x = {id\"}}",
                "`drill.where` has a { without its } at character 5"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"columns\": [\"id\", \"name\"],\n \"drill\": {\"dataset\": \"b\",\n  \"where\": \"c = {customer}\"}}",
                "orders.json:3:12: `drill.where` names column `customer`, which the dataset does not have; columns: id, name"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"url\": \"ftp://x.org/{id}\"}}",
                "`drill.url` must be an http(s) URL"
            ),
            (
                "{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\", \"drill\": {\"url\": \"https://x.org/{id}\", \"freshness\": \"x\"}}",
                "`drill.freshness` must be"
            ),
            ("{\"id\": \"a\", \"title\": \"t\", \"source\": \"a.csv\",}", "orders.json:1:45: expected a quoted key"),
            ("[1, 2]", "orders.json:1:1: must be an object, not an array"),
        ]
        for (text, expected) in cases {
            let said = problem(text)
            #expect(said.contains(expected), "\(text) said: \(said)")
        }
    }

    @Test func idsMustNotShadowBuiltInsCommandsOrEachOther() throws {
        let stock = try read("{\"id\": \"stock\", \"title\": \"t\", \"source\": \"a.csv\"}", name: "stock.json")
        let first = try read("{\"id\": \"orders\", \"title\": \"t\", \"source\": \"a.csv\"}", name: "a.json")
        let second = try read("{\"id\": \"orders\", \"title\": \"t\", \"source\": \"b.csv\"}", name: "b.json")
        let catalog = ManifestCatalog.check(
            [stock, first, second], reserved: ["stock": "a command", "import": "a subcommand"], builtIn: [])
        #expect(catalog.manifests.map(\.fileName) == ["a.json"])
        #expect(
            catalog.problems.map(\.description) == [
                "stock.json:1:8: `id` \"stock\" is a command; choose another id",
                "b.json:1:8: `id` \"orders\" is already the id of a.json; choose another id",
            ])
    }

    @Test func aDrillNamesADatasetThatExistsAndItsWhereReadsAgainstTheTargetsColumns() throws {
        let customers = try read(
            "{\"id\": \"customers\", \"title\": \"t\", \"source\": \"c.csv\", \"columns\": [\"id\", \"name\"]}")
        let orders = try read(
            "{\"id\": \"orders\", \"title\": \"t\", \"source\": \"o.csv\", \"columns\": [\"order\", \"customer\"],\n"
                + " \"drill\": {\"dataset\": \"customers\", \"where\": \"client = {customer}\"}}", name: "orders.json")
        let typo = try read(
            "{\"id\": \"lost\", \"title\": \"t\", \"source\": \"o.csv\", \"drill\": {\"dataset\": \"custmers\"}}",
            name: "lost.json")
        let catalog = ManifestCatalog.check([customers, orders, typo], reserved: [:], builtIn: ["films"])
        #expect(catalog.manifests.map(\.manifest.id) == ["customers"])
        #expect(
            catalog.problems.map(\.description) == [
                "orders.json:2:45: `drill.where` names column `client`, which customers does not have; columns: id, name",
                "lost.json:1:70: `drill.dataset` names \"custmers\", which is not a dataset; did you mean `customers`? "
                    + "datasets: customers, films, lost, orders",
            ])
    }

    @Test func whereHolesAreQuotedSoAValueComparesAsItself() throws {
        let template = try RowTemplate("code = {code} and file ~ \"_{code}_\"")
        #expect(template.columns == ["code"])
        #expect(template.renderWhere { _ in "a \"b\"" } == "code = \"a \"\"b\"\"\" and file ~ \"_a \"\"b\"\"_\"")
    }

    @Test func aManifestWrittenByAddDatasetReadsBack() throws {
        var manifest = Manifest(
            id: "daily", title: "Daily \"report\"", summary: "x",
            source: ManifestSource(location: "https://e.org/d.csv"))
        manifest.source.freshness = "6h"
        manifest.columns = [ManifestColumn(name: "code"), ManifestColumn(name: "close", title: "收盤", kind: "decimal")]
        let loaded = try read(ManifestText.json(manifest))
        #expect(loaded.manifest == manifest)
    }
}
