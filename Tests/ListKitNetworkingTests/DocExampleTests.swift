import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

// The examples in ListKitNetworking's doc comments, compiled here as written (the last test
// checks that every ```swift block of its sources appears in this file), so none can rot.

private struct Station: Sendable, Hashable {
    let id: String
}

private enum StationParser {
    static func parse(_ body: Data) throws -> [Station] {
        String(decoding: body, as: UTF8.self).split(separator: "\n").map { Station(id: String($0)) }
    }
}

private struct Reading: Decodable, Sendable, Identifiable {
    let station: String
    let temperature: Double
    var id: String { station }
}

/// A dataset's own words for a download that is not there.
private enum ReadingsError: Error {
    case notDownloadedYet(String)
}

private enum Examples {
    static func readings(of station: String, from url: URL, context: DatasetContext, request: LoadRequest)
        async throws -> [Reading]
    {
        // FetchError
        do {
            return try await context.download([Reading].self, from: url, fresh: .minutes(10), for: request)
        } catch let error as FetchError where error.code == .offline {
            throw ReadingsError.notDownloadedYet(station)
        }
    }

    static func fetch(_ url: URL, context: DatasetContext, request: LoadRequest) async throws -> CachedDownload {
        // CachedDownloader
        let download = try await context.downloader.fetch(
            url, key: CachedDownloader.key(for: url, under: "weather"), freshness: .hours(1),
            refresh: request.refresh
        ) { received, total in
            request.progress.update {
                $0.completed = received
                $0.total = total
            }
        }
        for note in download.notes { request.progress.note(note) }
        return download
    }

    static func key() -> String {
        // CachedDownloader.key(for:under:)
        CachedDownloader.key(for: URL(string: "https://example.com/a.csv?x=1")!, under: "reports")
        // "reports/example.com/9c1b2f…"
    }

    static func freshness() -> [DownloadFreshness?] {
        // DownloadFreshness
        let tenMinutes = DownloadFreshness.minutes(10)  // .lasts(seconds: 600)
        let sixHours = DownloadFreshness(parsing: "6h")  // .lasts(seconds: 21_600)
        let forever = DownloadFreshness(parsing: "forever")  // a past month, a release: never asked again
        return [tenMinutes, sixHours, forever]
    }

    static func rule() -> DownloadRule<[Station]> {
        // DownloadRule
        let rule = DownloadRule<[Station]>(
            title: "the station list", isFresh: DownloadFreshness.lasts(seconds: 86_400).rule,
            decode: { body, _ in try StationParser.parse(body) }, isEmpty: \.isEmpty)
        return rule
    }

    static func readings(_ url: URL, context: DatasetContext) -> ListSource<Reading> {
        // DatasetContext.download(_:from:fresh:for:)
        ListSource<Reading>(id: "readings", title: "readings") { request in
            try await context.download([Reading].self, from: url, fresh: .minutes(10), for: request)
        }
    }
}

@Suite struct NetworkingDocExampleTests {
    @Test func theExamplesDoWhatTheirCommentsSay() async throws {
        let server = try LoopbackServer { request in
            request.path == "/readings.json"
                ? .respond(.init(text: #"[{"station": "466920", "temperature": 31.5}]"#))
                : .respond(.init(text: "466920\n467490\n"))
        }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("doc-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var context = DatasetContext(
            cacheDirectory: cache, program: ProgramIdentity(name: "weather", version: "1.0.0", summary: "examples"))
        context.services.httpClient = HTTPClient(throttle: nil, userAgent: context.program.userAgent)
        let request = LoadRequest(progress: ProgressReporter(), refresh: false)
        let download = try await Examples.fetch(
            server.baseURL.appendingPathComponent("stations.txt"), context: context, request: request)
        #expect(try StationParser.parse(download.body) == [Station(id: "466920"), Station(id: "467490")])
        #expect(request.progress.current.completed == 14, "the bytes received")
        #expect(Examples.key().hasPrefix("reports/example.com/"))
        #expect(Examples.freshness() == [.lasts(seconds: 600), .lasts(seconds: 21_600), .forever])
        #expect(try Examples.rule().decode(Data("466920\n".utf8), nil) == [Station(id: "466920")])
        let readings = try await Examples.readings(
            server.baseURL.appendingPathComponent("readings.json"), context: context
        )
        .load(request)
        #expect(readings.map(\.temperature) == [31.5])
    }

    @Test func requestBodyFormIsEncodedAsItsCommentSays() {
        // RequestBody
        let body = RequestBody.form([("startDate", "2024/03/22"), ("response", "json")])
        // startDate=2024%2F03%2F22&response=json
        #expect(body.description == "startDate=2024%2F03%2F22&response=json")
    }

    @Test func everySwiftBlockInListKitNetworkingsCommentsIsCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let sources = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ListKitNetworking")
        let compiled = Self.lines(try String(contentsOf: here, encoding: .utf8))
        var blocks = 0
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let comment = text.split(separator: "\n").map { line -> String in
                let trimmed = line.drop { $0 == " " }
                return trimmed.hasPrefix("///") ? String(trimmed.dropFirst(trimmed.hasPrefix("/// ") ? 4 : 3)) : "\u{0}"
            }.joined(separator: "\n")
            for block in comment.components(separatedBy: "```swift\n").dropFirst() {
                guard let code = block.components(separatedBy: "```").first else { continue }
                blocks += 1
                #expect(
                    compiled.contains(Self.lines(code)), "\(file): this example is not compiled in this file:\n\(code)")
            }
        }
        #expect(blocks >= 5)
    }

    /// The text's lines without leading spaces: indentation differs, code does not.
    private static func lines(_ text: String) -> String {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }
}
