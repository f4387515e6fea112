import Foundation
import ListKitTesting
import Testing

/// No input may ask for unbounded memory: downloads (after decompression), standard input,
/// pipes and devices stop at `--max-input` with one line, exit 1, and memory stays near the
/// limit, far under what the input would have been.
@Suite struct InputLimitTests {
    /// Endless, a gzip bomb, and a page where a table was expected.
    static let server: LoopbackServer? = {
        let bomb = GzipBomb.make(expandingTo: 1 << 30)
        return try? LoopbackServer { request in
            switch request.path {
            case "/endless.csv":
                var response = LoopbackServer.Response(body: Array(String(repeating: "a,b\n", count: 16_384).utf8))
                response.repeatBody = 32_768  // 2 GiB unless the client stops first
                return .respond(response)
            case "/bomb.csv":
                return .respond(.init(headers: [("Content-Encoding", "gzip")], body: bomb))
            default:
                return .respond(.init(text: "a,b\n1,2\n"))
            }
        }
    }()

    func url(_ path: String) throws -> String {
        try #require(Self.server).baseURL.absoluteString + path
    }

    func cacheFolder() -> String {
        RunFolder.unique("limit")
    }

    /// The one line a stopped input gives in a batch run.
    func expectOneLine(_ run: Run, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr == "browse: \(line)\n", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func anEndlessDownloadStopsAtTheLimit() async throws {
        let address = try url("/endless.csv")
        let cache = cacheFolder()
        let measured = try await blocking {
            try Browse.runMeasuringMemory(
                [address, "--max-input", "8M", "--format", "csv", "--cache-dir", cache])
        }
        expectOneLine(
            measured.run,
            "could not load endless.csv: \(address): the download from 127.0.0.1 was stopped at 8 MiB "
                + "(after decompression), the most read into memory; --max-input SIZE reads more")
        #expect(measured.peakResidentBytes < 100 << 20, "peak \(measured.peakResidentBytes >> 20) MiB of a 2 GiB body")
    }

    @Test func aGzipBombStopsAtTheLimitAfterDecompression() async throws {
        let address = try url("/bomb.csv")
        let cache = cacheFolder()
        let measured = try await blocking {
            try Browse.runMeasuringMemory(
                [address, "--max-input", "8M", "--format", "csv", "--cache-dir", cache])
        }
        expectOneLine(
            measured.run,
            "could not load bomb.csv: \(address): the download from 127.0.0.1 was stopped at 8 MiB "
                + "(after decompression), the most read into memory; --max-input SIZE reads more")
        #expect(measured.peakResidentBytes < 100 << 20, "peak \(measured.peakResidentBytes >> 20) MiB of a 1 GiB bomb")
    }

    @Test func aDeviceWithoutEndStopsAtTheLimit() async throws {
        let measured = try await blocking {
            try Browse.runMeasuringMemory(["/dev/zero", "--max-input", "16M", "--format", "csv"])
        }
        expectOneLine(
            measured.run,
            "could not load zero: /dev/zero: stopped reading at 16 MiB, the most read into memory; "
                + "--max-input SIZE reads more")
        #expect(measured.peakResidentBytes < 100 << 20, "peak \(measured.peakResidentBytes >> 20) MiB")
    }

    @Test func anEndlessPipeOnStandardInputStopsAtTheLimit() async throws {
        let measured = try await blocking {
            try Browse.runMeasuringMemory(
                ["-", "--max-input", "8M", "--format", "csv"], input: .endless(Array("y\n".utf8)))
        }
        expectOneLine(
            measured.run,
            "could not load stdin: standard input: stopped reading at 8 MiB, the most read into memory; "
                + "--max-input SIZE reads more")
        #expect(measured.peakResidentBytes < 100 << 20, "peak \(measured.peakResidentBytes >> 20) MiB")
    }

    @Test func inputUnderTheLimitOpens() throws {
        let run = try Browse.run([try url("/ok.csv"), "--max-input", "1K", "--format", "csv"], input: "")
        #expect(run.status == 0)
        #expect(run.stdout == "a,b\n1,2\n")
    }

    @Test(arguments: ["0", "lots", "5G"])
    func aBadSizeIsAUsageError(_ size: String) throws {
        let run = try Browse.run(["-", "--max-input", size, "--format", "csv"], input: "a\n1\n")
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("--max-input \(size): give a size from 1 KiB to 4 GiB, such as 500M or 2G"),
            "\(run.stderr)")
    }

    @Test func theHelpNamesTheOption() throws {
        let run = try Browse.run(["--help"], input: "")
        #expect(run.stdout.contains("--max-input SIZE"))
    }
}
