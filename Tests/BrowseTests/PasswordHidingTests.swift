import Foundation
import ListKitTesting
import TestSupport
import Testing

/// A password in a URL reaches the server and nothing else: not standard error, not the screen,
/// not `--list`, not the history file, not the cache's records.
@Suite struct PasswordHidingTests {
    static let password = "s3cret-Pw"

    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/missing.csv": return .respond(.init(status: 404, text: "no"))
            case "/away.csv":
                return .respond(
                    .init(status: 302, headers: [("Location", "http://ann:\(password)@example.com/x.csv")], text: ""))
            default: return .respond(.init(text: "code,close\n2330,1045.00\n"))
            }
        }
    }

    /// `http://ann:PASSWORD@127.0.0.1:PORT`.
    func base(_ server: LoopbackServer) -> String {
        "http://ann:\(Self.password)@127.0.0.1:\(server.port)"
    }

    @Test func aFailedDownloadNamesTheURLWithoutItsPassword() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try ScratchFolder("password")
        let run = try Browse.run(
            [base(server) + "/missing.csv", "--format", "csv", "--cache-dir", folder.path], input: "")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "browse: could not load missing.csv: http://ann:***@127.0.0.1:\(server.port)/missing.csv: "
                + "127.0.0.1 answered HTTP 404\n")
    }

    @Test func aRedirectTargetIsShownWithoutItsPassword() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try ScratchFolder("password")
        let run = try Browse.run(
            [server.baseURL.absoluteString + "/away.csv", "--format", "csv", "--cache-dir", folder.path], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains("redirected to http://ann:***@example.com/x.csv, which is not followed"))
        #expect(!run.stderr.contains(Self.password))
    }

    /// A script's commands, the screens they draw and the cache they fill.
    @Test func aScriptTheScreenAndTheCacheNeverHoldThePassword() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try ScratchFolder("password")
        let run = try Browse.run(
            ["-c", "open \(base(server))/good.csv; open \(base(server))/missing.csv", "--cache-dir", folder.path],
            input: "")
        #expect(run.stdout.contains("1045.00"), "the download used the password: \(run.stdout)")
        #expect(run.stdout.contains("> open http://ann:***@127.0.0.1:\(server.port)/good"), "the command is shown")
        #expect(!run.stdout.contains(Self.password), "stdout: \(run.stdout)")
        #expect(!run.stderr.contains(Self.password), "stderr: \(run.stderr)")
        #expect(folder.files(containing: Self.password).isEmpty, "the cache records the URL without its password")
    }

    @Test func theDatasetListAndTheManifestCheckNeverHoldThePassword() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try ScratchFolder("password")
        let manifests = folder.url.appendingPathComponent("datasets")
        try FileManager.default.createDirectory(at: manifests, withIntermediateDirectories: true)
        try Data(
            "{\"id\": \"sales\", \"title\": \"Sales\", \"source\": \"\(base(server))/missing.csv\"}\n".utf8
        ).write(to: manifests.appendingPathComponent("sales.json"))
        let listed = try Browse.run(["--datasets", manifests.path, "--list"], input: "")
        #expect(listed.stdout.contains("Sales — from http://ann:***@127.0.0.1:\(server.port)/missing.csv"))
        #expect(!listed.stdout.contains(Self.password))
        let checked = try Browse.run(
            ["check-datasets", "--datasets", manifests.path, "--cache-dir", folder.path + "/cache"], input: "")
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("(http://ann:***@127.0.0.1:\(server.port)/missing.csv)"), "\(checked.stderr)")
        #expect(!checked.stderr.contains(Self.password))
    }

    @Test func theHistoryFileKeepsTheCommandWithoutThePassword() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try ScratchFolder("password")
        let terminal = try PseudoTerminal.browse(["--cache-dir", folder.path + "/cache"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open \(base(server))/good.csv\r")
        try terminal.waitFor("datasets › good.csv")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
        let history = try String(contentsOfFile: folder.path + "/state/browse/history", encoding: .utf8)
        #expect(history == "open http://ann:***@127.0.0.1:\(server.port)/good.csv\nq\n")
    }
}
