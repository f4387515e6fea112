import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Synchronization
import Testing

@testable import FileDatasets

#if canImport(Glibc)
    import Glibc
#endif

/// URLs through the project's HTTP client, and standard input.
@MainActor
@Suite struct SourceTests {
    private func opener() -> FileOpener {
        FileOpener(fetcher: { _ in
            HTTPClient(throttle: nil, idleTimeout: 5, deadline: 10, userAgent: "file-datasets-tests/1.0")
        })
    }

    @Test func aURLServedOnLoopbackOpensAsCSV() async throws {
        let server = try LoopbackServer { request in
            request.path == "/data/ticks.csv"
                ? .respond(
                    .init(headers: [("Content-Type", "text/csv")], text: "code,close\n2330,\"1,045.00\"\n2317,187.5\n"))
                : .respond(.init(status: 404, text: "no"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("data/ticks.csv").absoluteString
        let opened = try await open(url, opener: opener())
        #expect(opened.failure == nil)
        #expect(opened.screen.title == "ticks.csv")
        #expect(opened.texts == [["2330", "1,045.00"], ["2317", "187.5"]])
        #expect(opened.values[0][1] == .decimal(ExactDecimal(units: 104_500, scale: 2)))
    }

    @Test func aJSONURLIsRecognisedByItsBytes() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "[{\"Code\":\"2330\",\"Name\":\"台積電\"}]")) }
        defer { server.stop() }
        let opened = try await open(server.baseURL.appendingPathComponent("api").absoluteString, opener: opener())
        #expect(opened.texts == [["2330", "台積電"]])
    }

    @Test func aMissingURLIsAFailureWithTheStatus() async throws {
        let server = try LoopbackServer { _ in .respond(.init(status: 404, text: "no")) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("gone.csv").absoluteString
        let opened = try await open(url, opener: opener())
        #expect(opened.failure == "\(url): 127.0.0.1 answered HTTP 404")
    }

    @Test func offlineURLsAreRefused() async throws {
        let opened = try await open("https://example.com/x.csv", opener: opener(), offline: true)
        #expect(
            opened.failure
                == "https://example.com/x.csv: offline: a URL needs the network once, and there is no earlier "
                + "download of it; run without --offline")
    }

    @Test func aURLsLastDownloadOpensOfflineAndWhenTheServerFails() async throws {
        let failing = Atomic(false)
        let server = try LoopbackServer { _ in
            failing.load(ordering: .relaxed)
                ? .respond(.init(status: 503, text: "busy")) : .respond(.init(text: "code,close\n2330,1045\n"))
        }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("file-datasets-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let url = server.baseURL.appendingPathComponent("ticks.csv").absoluteString
        let first = try await open(url, opener: opener(), cacheDirectory: cache)
        #expect(first.texts == [["2330", "1045"]])
        let offline = try await open(url, opener: opener(), offline: true, cacheDirectory: cache)
        #expect(offline.texts == [["2330", "1045"]])
        #expect(server.requests.count == 1, "offline never asks")
        failing.store(true, ordering: .relaxed)
        let fallback = try await open(url, opener: opener(), cacheDirectory: cache)
        #expect(fallback.texts == [["2330", "1045"]])
        #expect(fallback.notes.contains { $0.hasPrefix("ticks.csv: could not refresh") && $0.contains("503") })
        #expect(server.requests.count == 2, "every open asks the server")
    }

    @Test func standardInputIsReadAndSniffed() async throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = Array("name\tprice\n台積電\t1045\n".utf8)
        _ = text.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let opened = try await open("-", opener: FileOpener(standardInput: descriptors[0]))
        #expect(opened.screen.title == "stdin")
        #expect(opened.texts == [["台積電", "1045"]])
    }

    @Test func standardInputFormatCanBeGiven() async throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = Array("{\"a\":1}\n{\"a\":2}\n".utf8)
        _ = text.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let opened = try await open(
            "-", options: ["format-in": "jsonl"], opener: FileOpener(standardInput: descriptors[0]))
        #expect(opened.texts == [["1"], ["2"]])
    }
}
