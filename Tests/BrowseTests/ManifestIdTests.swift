import Foundation
import Testing

/// A manifest's id may not take the word of any command a screen adds (`older` and `info` on
/// a security's screen, `market` on the company list): it would shadow the command there, or
/// the command would hide the dataset.
@Suite struct ManifestIdTests {
    @Test func theWordsOfScreenCommandsAreReserved() throws {
        let folder = try ScratchFolder("manifest-id")
        try folder.write("orders.csv", "id,total\n1,30\n")
        for id in ["older", "info", "market"] {
            try folder.write(
                "config/browse/datasets/\(id).json",
                #"{"id": "\#(id)", "title": "Orders", "source": "\#(folder.file("orders.csv"))"}"#)
        }
        let environment = ["XDG_CONFIG_HOME": folder.file("config")]
        let listed = try Browse.run(["--list"], input: "", environment: environment)
        #expect(listed.status == 0)
        #expect(
            listed.stderr.split(separator: "\n").sorted() == [
                "browse: info.json:1:8: `id` \"info\" is a command of a screen; choose another id",
                "browse: market.json:1:8: `id` \"market\" is a command of a screen; choose another id",
                "browse: older.json:1:8: `id` \"older\" is a command of a screen; choose another id",
            ])
        let added = try Browse.run(
            ["add-dataset", "older", folder.file("orders.csv")], input: "",
            environment: ["XDG_CONFIG_HOME": folder.file("other")])
        #expect(added.status == 1)
        #expect(added.stderr.contains("`id` \"older\" is a command of a screen; choose another id"))
    }
}
