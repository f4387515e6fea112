import Foundation
import Testing

/// `browse import` refuses what would store one security's prices as another's, and a run
/// that refused any file says which and ends with 1.
@Suite struct ImportRefusalTests {
    /// A month of 2330 re-saved without its title line, named for 2330.
    static let month = """
        Date,Trade Volume,Trade Value,Opening Price,Highest Price,Lowest Price,Closing Price,Change,Transaction
        2021/09/01,24355016,15111367428,615.00,623.00,613.00,621.00,+6.00,24118
        2021/09/02,21870142,13520618907,620.00,622.00,616.00,617.00,-4.00,20452

        """

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-import-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aCodeThatContradictsTheFilesNameIsRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("STOCK_DAY_2330_202109.csv").path
        try Data(Self.month.utf8).write(to: URL(fileURLWithPath: path))
        let cache = folder.appendingPathComponent("cache").path
        let refused = try Browse.run(["import", "--cache-dir", cache, "--code", "2317", path], input: Data())
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "not imported \(path): its name STOCK_DAY_2330_202109.csv says it is a month of 2330, not of --code 2317"
            ),
            "\(refused.stderr)")
        let nothing = try Browse.run(["stock", "2317", "--offline", "--cache-dir", cache, "--format", "csv"])
        #expect(!nothing.stdout.contains("2021-09-01"), "2330's prices are not 2317's: \(nothing.stdout)")
        let same = try Browse.run(["import", "--cache-dir", cache, "--code", "2330", path], input: Data())
        #expect(same.status == 0, "the code the name says is no conflict: \(same.stderr)")
    }

    @Test func aRunThatRefusedSomeFilesNamesThemAndEndsWithOne() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for month in 1...6 {
            let path = folder.appendingPathComponent("STOCK_DAY_2330_20210\(month).csv").path
            let text = Self.month.replacingOccurrences(of: "2021/09/", with: "2021/0\(month)/")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for name in ["notes.txt", "prices.csv"] {
            let path = folder.appendingPathComponent(name).path
            try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let run = try Browse.run(
            ["import", "--cache-dir", folder.appendingPathComponent("cache").path] + paths, input: Data())
        #expect(run.status == 1, "two of eight refused")
        let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("browse: imported 6 of 8 files into "), "\(last)")
        #expect(last.hasSuffix("; not imported: \(paths[6]), \(paths[7])"), "\(last)")
    }
}
