import Foundation
import ListKitTesting
import Synchronization
import Testing

/// Manifests through the binary: each test writes its own folder and sets its own
/// `XDG_CONFIG_HOME`.
@Suite struct ManifestCommandTests {
    /// A temporary folder, removed at the end of the test.
    final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-tests-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var path: String { url.path }
        func write(_ name: String, _ text: String) throws {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    func environment(_ folder: Folder) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path]
    }

    @Test func addListOpenAndRemoveADatasetWithoutACompiler() throws {
        let folder = try Folder()
        try folder.write("orders.csv", "id,customer,total\n1,ann,30\n2,bob,12\n3,ann,7\n")
        let env = environment(folder)
        let added = try Browse.run(
            ["add-dataset", "orders", folder.path + "/orders.csv", "--title", "Our orders"], input: "", environment: env
        )
        #expect(added.status == 0, "\(added.stderr)")
        let manifest = folder.path + "/config/browse/datasets/orders.json"
        #expect(added.stdout == "added orders: \(manifest), 3 columns: id, customer, total\n")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains("\"columns\": [\n    \"id\",\n    \"customer\",\n    \"total\"\n  ]"))

        let listed = try Browse.run(["--list"], input: "", environment: env)
        #expect(
            listed.stdout.split(separator: "\n").contains {
                $0.hasPrefix("orders ") && $0.hasSuffix(" * Our orders — from \(folder.path)/orders.csv")
            })
        #expect(listed.stderr.isEmpty)

        let opened = try Browse.run(["orders", "--sort", "total:desc", "--format", "csv"], input: "", environment: env)
        #expect(opened.stdout == "id,customer,total\n1,ann,30\n2,bob,12\n3,ann,7\n")

        let again = try Browse.run(["add-dataset", "orders", folder.path + "/orders.csv"], input: "", environment: env)
        #expect(again.status == 1)
        #expect(again.stderr.contains("orders.json: already describes orders; remove-dataset orders first"))

        let shadow = try Browse.run(["add-dataset", "stock", folder.path + "/orders.csv"], input: "", environment: env)
        #expect(shadow.status == 1)
        #expect(shadow.stderr.contains("`id` \"stock\" is a command; choose another id"))

        let removed = try Browse.run(["remove-dataset", "orders"], input: "", environment: env)
        #expect(removed.stdout == "removed orders: \(manifest)\n")
        #expect(!FileManager.default.fileExists(atPath: manifest))
        let gone = try Browse.run(["--list"], input: "", environment: env)
        #expect(!gone.stdout.contains("orders"))
        let missing = try Browse.run(["remove-dataset", "orders"], input: "", environment: env)
        #expect(missing.status == 1)
    }

    @Test func aFolderOfTwentyWithThreeBrokenLoadsTheSeventeenAndSaysOneLineEach() throws {
        let folder = try Folder()
        try folder.write("data.csv", "code,name\n1,one\n2,two\n")
        for number in 1...17 {
            try folder.write(
                "d/m\(number).json",
                "{\"id\": \"set-\(number)\", \"title\": \"Set \(number)\", \"source\": \"../data.csv\"}\n")
        }
        try folder.write("d/broken-json.json", "{\"id\": \"x\",\n \"title\": }\n")
        try folder.write("d/broken-key.json", "{\"id\": \"y\", \"title\": \"Y\",\n  \"sorce\": \"../data.csv\"}\n")
        try folder.write("d/broken-id.json", "{\"id\": \"films\", \"title\": \"F\", \"source\": \"../data.csv\"}\n")
        let run = try Browse.run(
            ["--datasets", folder.path + "/d", "--list"], input: "", environment: environment(folder))
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(" * Set ") }.count == 17)
        #expect(
            run.stderr.split(separator: "\n") == [
                "browse: broken-json.json:2:11: expected a value, found \"}\"",
                "browse: broken-key.json:2:3: `sorce` is not a key here; did you mean `source`?",
                "browse: broken-id.json:1:8: `id` \"films\" is a built-in dataset; choose another id",
            ])
        let opened = try Browse.run(
            ["--datasets", folder.path + "/d", "set-12", "--format", "csv"], input: "", environment: environment(folder)
        )
        #expect(opened.stdout == "code,name\n1,one\n2,two\n")
        #expect(opened.status == 0)
        let checked = try Browse.run(
            ["check-datasets", "--datasets", folder.path + "/d"], input: "", environment: environment(folder))
        #expect(checked.status == 1)
        #expect(checked.stdout.split(separator: "\n").count == 17)
        #expect(checked.stdout.contains("ok set-1 (m1.json): 2 columns, 2 rows\n"))
        #expect(checked.stderr.contains("20 manifests in \(folder.path)/d: 17 ok, 3 with problems"))
    }

    @Test func theExamplesCheckAndTheTaiwanDrillIsConfiguration() throws {
        let folder = try Folder()
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Manifests").standardizedFileURL.path
        let checked = try Browse.run(
            ["check-datasets", "--datasets", examples], input: "", environment: environment(folder))
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.split(separator: "\n").count == 4)
        let drilled = try Browse.run(
            ["--datasets", examples, "tw-companies", "-c", "2; export csv"], input: "", environment: environment(folder)
        )
        #expect(drilled.status == 0, "\(drilled.stderr)")
        #expect(
            drilled.stdout.hasSuffix(
                "file,日期,開盤價,最高價,最低價,收盤價,成交股數\n"
                    + "STOCK_DAY_2330_202506.json,114/06/04,974.00,990.00,970.00,990.00,\"43,196,396\"\n"
                    + "STOCK_DAY_2330_202506.json,114/06/03,960.00,965.00,950.00,950.00,\"27,482,916\"\n"
                    + "STOCK_DAY_2330_202506.json,114/06/02,958.00,961.00,946.00,946.00,\"40,608,468\"\n"))
    }

    @Test func aBlockPageNeverReplacesTheCachedCopyOfAURLSource() throws {
        let blocking = Mutex(false)
        let server = try LoopbackServer { _ in
            blocking.withLock { $0 } ? .respond(.blockPage) : .respond(.init(text: "code,close\n2330,1060\n"))
        }
        defer { server.stop() }
        let folder = try Folder()
        try folder.write(
            "d/daily.json",
            "{\"id\": \"daily\", \"title\": \"D\", \"source\": {\"url\": \"\(server.baseURL.absoluteString)/d.csv\","
                + " \"freshness\": \"always\"}}\n")
        let arguments = ["--datasets", folder.path + "/d", "--cache-dir", folder.path + "/cache", "daily"]
        let first = try Browse.run(arguments + ["--format", "csv"], input: "", environment: environment(folder))
        #expect(first.stdout == "code,close\n2330,1060\n")
        blocking.withLock { $0 = true }
        let second = try Browse.run(arguments + ["--format", "csv"], input: "", environment: environment(folder))
        #expect(second.status == 0)
        #expect(second.stdout == "code,close\n2330,1060\n")
        #expect(second.stderr.contains("127.0.0.1 is blocking this client"))
        #expect(second.stderr.contains("showing the copy from just now"))
        let empty = try Browse.run(
            ["--datasets", folder.path + "/d", "--cache-dir", folder.path + "/other", "daily", "--format", "csv"],
            input: "", environment: environment(folder))
        #expect(empty.status == 1)
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr.split(separator: "\n").count == 1)
        #expect(empty.stderr.contains("FOR SECURITY REASONS"))
    }

    @Test func titlesFromAManifestAreShownNeverObeyed() throws {
        let folder = try Folder()
        try folder.write("a.csv", "x\n1\n")
        try folder.write(
            "d/evil.json", "{\"id\": \"evil\", \"title\": \"\\u001b[2Jgone\", \"source\": \"../a.csv\"}\n")
        let run = try Browse.run(
            ["--datasets", folder.path + "/d", "--list"], input: "", environment: environment(folder))
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stdout.contains("gone"))
    }

    /// A manifest's `sort` puts the rows in another order than the file's: a filter, a sort and
    /// an export of that screen still answer for the rows it shows.
    @Test func aSortedManifestFiltersSortsAndExportsTheRowsItShows() throws {
        let folder = try Folder()
        try folder.write("orders.csv", "order,customer,total\n1,ann,30\n2,bob,12\n3,cat,7\n4,dan,20\n")
        try folder.write(
            "d/orders.json",
            "{\"id\": \"orders\", \"title\": \"O\", \"source\": \"../orders.csv\", \"sort\": \"total\"}\n")
        let run = try Browse.run(
            [
                "--datasets", folder.path + "/d", "orders", "-c",
                "export csv; /ann; export csv; /; sort total desc; export csv; where total > 10; export json",
            ], input: "", environment: environment(folder))
        #expect(run.status == 0, "\(run.stderr)")
        let exports = run.stdout.components(separatedBy: "> export").dropFirst().map { text in
            text.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix(">") }.joined(separator: "\n")
        }
        #expect(exports.count == 4)
        #expect(exports.first == "order,customer,total\n3,cat,7\n2,bob,12\n4,dan,20\n1,ann,30")
        #expect(exports.dropFirst().first == "order,customer,total\n1,ann,30")
        #expect(exports.dropFirst(2).first == "order,customer,total\n1,ann,30\n4,dan,20\n2,bob,12\n3,cat,7")
        #expect(exports.last?.contains("\"customer\": \"cat\"") == false)
        #expect(exports.last?.contains("\"customer\": \"bob\"") == true)
    }

    @Test func aDrillByWhereOpensTheOtherDatasetNarrowedToTheRowsKey() throws {
        let folder = try Folder()
        try folder.write("customers.csv", "id,name\nc1,Ann\nc2,Bob\n")
        try folder.write("orders.csv", "order,customer,total\n1,c1,30\n2,c2,12\n3,c1,7\n")
        try folder.write(
            "d/customers.json",
            "{\"id\": \"customers\", \"title\": \"C\", \"source\": \"../customers.csv\",\n"
                + " \"drill\": {\"dataset\": \"orders\", \"where\": \"customer = {id}\"}}\n")
        try folder.write(
            "d/orders.json",
            "{\"id\": \"orders\", \"title\": \"O\", \"source\": \"../orders.csv\", \"sort\": \"total\"}\n")
        let run = try Browse.run(
            ["--datasets", folder.path + "/d", "customers", "-c", "1; export csv"], input: "",
            environment: environment(folder))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("order,customer,total\n3,c1,7\n1,c1,30\n"))
        #expect(run.stdout.contains("datasets › customers › orders"))
    }

    @Test func aDrillByURLGoesThroughTheThrottleAndTheCache() throws {
        let server = try LoopbackServer { request in
            if request.path == "/list.csv" { return .respond(.init(text: "code,name\nA1,a\nB2,b\nC3,c\nD4,d\n")) }
            let code = request.query("code") ?? "?"
            return .respond(.init(text: "day,code,close\n2025-06-02,\(code),10\n"))
        }
        defer { server.stop() }
        let folder = try Folder()
        try folder.write(
            "d/list.json",
            "{\"id\": \"codes\", \"title\": \"Codes\", \"source\": \"\(server.baseURL.absoluteString)/list.csv\",\n"
                + " \"drill\": {\"url\": \"\(server.baseURL.absoluteString)/history?code={code}\", \"title\": \"{name}\"}}\n"
        )
        let arguments = [
            "--datasets", folder.path + "/d", "--cache-dir", folder.path + "/cache", "codes", "-c",
            "1; export csv; b; 2; b; 3; b; 4; export csv",
        ]
        let run = try Browse.run(arguments, input: "", environment: environment(folder))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("day,code,close\n2025-06-02,A1,10\n"))
        #expect(run.stdout.contains("day,code,close\n2025-06-02,D4,10\n"))
        #expect(run.stdout.contains("datasets › codes › d"))
        let requests = server.requests
        #expect(requests.map(\.target) == ["/list.csv"] + ["A1", "B2", "C3", "D4"].map { "/history?code=\($0)" })
        // Never more than 3 requests in 5 seconds to one host: any 4 in a row span 5 s.
        for start in 0..<(requests.count - 3) {
            #expect(requests[start + 3].receivedAt.timeIntervalSince(requests[start].receivedAt) >= 4.99)
        }
        // Again, within the hour: the cache answers, offline too.
        let cached = try Browse.run(arguments + ["--offline"], input: "", environment: environment(folder))
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(cached.stdout.contains("2025-06-02,D4,10"))
        #expect(server.requests.count == 5)
    }

    /// A manifest's `url` is fetched, never read: a `file:` URL there is refused at its key, at
    /// every start, and the dataset is not offered.
    @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x.csv"])
    func aURLThatIsNotHTTPIsRefusedAtItsKey(_ address: String) throws {
        let folder = try Folder()
        try folder.write("d/pw.json", "{\"id\": \"pw\", \"title\": \"P\", \"source\": {\"url\": \"\(address)\"}}\n")
        let listed = try Browse.run(
            ["--datasets", folder.path + "/d", "--list"], input: "", environment: environment(folder))
        #expect(listed.status == 0)
        #expect(
            listed.stderr
                == "browse: pw.json:1:46: `source.url` must be an http(s) URL, not \"\(address)\"; "
                + "a file is given by `path`\n")
        #expect(!listed.stdout.contains("pw "), "the dataset is not offered: \(listed.stdout)")
        let opened = try Browse.run(
            ["--datasets", folder.path + "/d", "pw", "--format", "csv"], input: "", environment: environment(folder))
        #expect(opened.status != 0)
        #expect(!opened.stdout.contains("root:"))
    }
}
