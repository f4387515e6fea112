import DatabaseDatasets
import Foundation
import Testing

/// A manifest whose source is a SQLite file's table or query: its columns, its sort, and a
/// drill from one table into another by key.
@Suite struct DatabaseManifestTests {
    @Test func aDatabaseTableDrillsIntoAnotherByKey() throws {
        let folder = try ScratchFolder("db-manifest")
        let writer = try SQLiteConnection(path: folder.file("shop.sqlite"), writable: true)
        try writer.execute("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, secret TEXT)")
        try writer.execute("INSERT INTO customers VALUES (1, 'Zoe', 'x'), (2, 'adam', 'y'), (3, 'Bea', 'z')")
        try writer.execute("CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, total REAL)")
        try writer.execute("INSERT INTO orders VALUES (10, 1, 5.5), (11, 2, 7.25), (12, 1, 9.0), (13, 3, 1.0)")
        try folder.write(
            "datasets/customers.json",
            """
            {"id": "customers", "title": "Customers", "source": {"path": "../shop.sqlite", "table": "customers"},
             "columns": ["name", "id"], "sort": "name",
             "drill": {"dataset": "orders", "where": "customer = {id}", "title": "{name}"}}
            """)
        try folder.write(
            "datasets/orders.json",
            """
            {"id": "orders", "title": "Orders",
             "source": {"path": "../shop.sqlite", "query": "SELECT id, customer, total FROM orders"}}
            """)
        let datasets = ["--datasets", folder.file("datasets")]
        let listed = try Browse.run(datasets + ["customers", "--format", "csv"])
        #expect(listed.status == 0, "\(listed.stderr)")
        // The manifest's columns in its order (not `secret`), sorted by name ignoring case.
        #expect(listed.stdout == "name,id\nadam,2\nBea,3\nZoe,1\n")
        let drilled = try Browse.run(datasets + ["customers", "--width", "80", "-c", "3"])
        #expect(drilled.status == 0, "\(drilled.stderr)")
        let screen = drilled.stdout.components(separatedBy: "\n> ").last ?? ""
        #expect(screen.contains("datasets › customers › orders"), "\(screen)")
        #expect(screen.contains("5.5") && screen.contains("9.0") && !screen.contains("7.25"), "\(screen)")
    }
}
