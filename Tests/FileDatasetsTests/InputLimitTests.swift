import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

@testable import FileDatasets

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input, pipes and devices are read into memory only up to the input limit.
@MainActor
@Suite struct InputLimitTests {
    /// A pipe whose writing end gets `count` bytes of CSV from a thread of its own, then closes.
    private func pipeOf(_ count: Int) -> Int32 {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let writer = descriptors[1]
        Thread {
            let line = Array("a,b\n".utf8)
            var chunk = [UInt8]()
            while chunk.count < 65_536 { chunk += line }
            var left = count
            while left > 0 {
                let size = min(left, chunk.count)
                let written = chunk.withUnsafeBytes { write(writer, $0.baseAddress, size) }
                if written <= 0 { break }
                left -= written
            }
            close(writer)
        }.start()
        return descriptors[0]
    }

    @Test func standardInputPastTheLimitStopsThereWithOneLine() async throws {
        signal(SIGPIPE, SIG_IGN)
        let reading = pipeOf(3 << 20)
        defer { close(reading) }
        let opened = try await open("-", opener: FileOpener(standardInput: reading), maxInputBytes: 1 << 20)
        #expect(opened.failure == "standard input: stopped reading at 1 MiB, the most read into memory")
        let error = FileLoadError.overLimit("stdin", limit: 1 << 20)
        #expect(error.remedy == .allowLargerInput)
    }

    @Test func standardInputOfExactlyTheLimitIsRead() async throws {
        let reading = pipeOf(1 << 20)
        defer { close(reading) }
        let opened = try await open("-", opener: FileOpener(standardInput: reading), maxInputBytes: 1 << 20)
        #expect(opened.failure == nil)
        #expect(opened.screen.count == (1 << 20) / 4 - 1)
    }

    @Test func aDeviceWithoutEndStopsAtTheLimit() async throws {
        let opened = try await open("/dev/zero", maxInputBytes: 2 << 20)
        #expect(opened.failure == "/dev/zero: stopped reading at 2 MiB, the most read into memory")
    }
}

/// A web page where a table was expected is said to be one.
@MainActor
@Suite struct WebPageTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>
          Sign in to
          Example   </title></head><body><form>…</form></body></html>

        """

    @Test func aWebPageSavedAsCSVIsNotOpenedAsATable() async throws {
        let path = try scratch.write("data.csv", Self.page)
        let opened = try await open(path)
        #expect(
            opened.failure
                == "\(path): it is a web page (\"Sign in to Example\"), not a table; CSV, TSV and JSON files can be opened"
        )
    }

    @Test func aWebPageServedForAURLIsNotOpenedAsATable() async throws {
        let server = try LoopbackServer { _ in
            .respond(.init(headers: [("Content-Type", "text/html")], text: "<html><body>maintenance</body></html>"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ticks.csv").absoluteString
        let opened = try await open(
            url, opener: FileOpener(fetcher: { _ in HTTPClient(throttle: nil, userAgent: "file-datasets-tests/1.0") }))
        #expect(opened.failure == "\(url): it is a web page, not a table; CSV, TSV and JSON files can be opened")
    }

    @Test func anExplicitFormatStillOpensIt() async throws {
        let path = try scratch.write("page.html", Self.page)
        let opened = try await open(path, options: ["format-in": "csv"])
        #expect(opened.failure == nil)
    }

    @Test(arguments: [
        "<html>", "  \n<HTML lang=en>", "\u{FEFF}<!doctype html>", "<!-- saved -->\n<html>", "<head><title>x</title>",
        "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">",
    ])
    func pagesAreRecognised(_ start: String) {
        let bytes = Array(start.utf8)
        #expect(bytes.withUnsafeBufferPointer { WebPageSniffer.isWebPage($0) })
    }

    @Test(arguments: ["<5,x\n1,2\n", "a,b\n<html>,1\n", "<b>bold</b>,x\n", "[{\"a\":\"<html>\"}]", ""])
    func tablesAreNot(_ start: String) {
        let bytes = Array(start.utf8)
        #expect(!bytes.withUnsafeBufferPointer { WebPageSniffer.isWebPage($0) })
    }
}
