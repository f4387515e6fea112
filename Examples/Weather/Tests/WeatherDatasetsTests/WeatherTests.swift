import BrowseSupport
import Foundation
import LineMode
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing
import WeatherDatasets

/// The weather program, tested the way browse tests its own: its screens through a
/// `ScreenDriver`, the whole program through `Launcher` with string sinks, its readings from a
/// `LoopbackServer`, and offline from what it cached.
@MainActor
@Suite struct WeatherTests {
    /// Two hours of day `page` before 2025-07-01 (page 1 is June 30), as the server writes them.
    nonisolated static func readings(page: Int) -> String {
        let day = 31 - page
        return #"[{"time": "2025-06-\#(day)T14:00+08:00", "temperature": "3\#(page).5", "rain": "0.0"}, "#
            + #"{"time": "2025-06-\#(day)T13:00+08:00", "temperature": "29.0", "rain": null}]"#
    }

    /// A readings server with one station, 466920, and `answer` for its pages.
    nonisolated static func server(answer: @escaping @Sendable (Int) -> String = readings) throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.path == "/stations/466920/readings.json", let page = Int(request.query("page") ?? "") else {
                return .respond(.init(status: 404, text: "no such station"))
            }
            return .respond(.init(headers: [("Content-Type", "application/json")], text: answer(page)))
        }
    }

    /// The program's own context: its name, its cache, a client with no throttle to wait for.
    func context(cache: URL, offline: Bool = false, server: URL? = nil) -> DatasetContext {
        var context = DatasetContext(
            cacheDirectory: cache, offline: offline, now: FixedClock.standard.now,
            environment: server.map { ["WEATHER_URL": $0.absoluteString] } ?? [:], program: Weather.identity)
        context.services.httpClient = HTTPClient(throttle: nil, userAgent: Weather.identity.userAgent)
        return context
    }

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("weather-tests-\(UUID())")
    }

    @Test func theStationsComeFromTheBundledFileTyped() async throws {
        let cache = temporaryFolder()
        let driver = try ScreenDriver(dataset: StationsDataset(), width: 80, context: context(cache: cache))
        let first = await driver.start()
        #expect(first.screen.contains("rows 1–10 of 10"), "\(first.screen)")
        #expect(first.messages.isEmpty)
        let sorted = await driver.run("sort elevation desc")
        #expect(sorted.screen.contains("1  467530   Alishan"), "elevation is a number: \(sorted.screen)")
    }

    @Test func aStationsReadingsAreDownloadedOnceAndOpenOffline() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let online = try ScreenDriver(
            dataset: StationsDataset(), width: 80, context: context(cache: cache, server: server.baseURL))
        _ = await online.start()
        let readings = await online.run("1")
        #expect(readings.screen.contains("stations › 466920"), "\(readings.screen)")
        #expect(readings.screen.contains("2025-06-30T14:00+08:00"))
        #expect(readings.screen.contains("31.5"))
        #expect(server.requests.map(\.target) == ["/stations/466920/readings.json?page=1"])
        #expect(server.requests.first?.headers["user-agent"] == "weather/1.0.0")
        let offline = try ScreenDriver(
            dataset: StationsDataset(), width: 80,
            context: context(cache: cache, offline: true, server: server.baseURL))
        _ = await offline.start()
        let again = await offline.run("1")
        #expect(again.screen.contains("31.5"), "from the cache: \(again.screen)")
        #expect(server.requests.count == 1, "offline never asks")
    }

    @Test func earlierLoadsTheDayBeforeAndTheReadingsAreTyped() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let driver = try ScreenDriver(
            dataset: StationsDataset(), width: 80, context: context(cache: cache, server: server.baseURL))
        _ = await driver.start()
        _ = await driver.run("1")
        let earlier = await driver.run("earlier")
        #expect(!earlier.failed, "\(earlier.messages)")
        #expect(server.requests.compactMap { $0.query("page") } == ["1", "2"])
        let shown = await driver.run("g 1")
        #expect(shown.screen.contains("rows 1–4 of 4"), "\(shown.screen)")
        #expect(shown.screen.contains("2025-06-29T14:00+08:00"))
        let warm = await driver.run("where temperature > 30")
        #expect(warm.screen.contains("rows 1–2 of 2"), "temperatures compare as numbers: \(warm.screen)")
        let chart = await driver.run("chart temperature by time")
        #expect(!chart.failed, "a chart over date-times: \(chart.messages)")
    }

    @Test func anUnreadableAnswerOrNoServerIsOneLineInTheProgramsWords() async throws {
        let server = try Self.server { _ in #"[{"time": "yesterday", "temperature": "31.5"}]"# }
        defer { server.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let driver = try ScreenDriver(
            dataset: StationsDataset(), width: 80, context: context(cache: cache, server: server.baseURL))
        _ = await driver.start()
        let unreadable = await driver.run("1")
        #expect(unreadable.failed)
        #expect(unreadable.messages.contains { $0.contains("[0].time is not readable") }, "\(unreadable.messages)")
        let alone = try ScreenDriver(dataset: StationsDataset(), width: 80, context: context(cache: cache))
        _ = await alone.start()
        let noServer = await alone.run("1")
        #expect(
            noServer.messages == [
                "readings come from a server: give --server URL or set WEATHER_URL to an http or https URL"
            ])
    }

    /// The whole program, as `main.swift` runs it, with string sinks for its output.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (ExitCode, String, String) {
        let output = StringSink()
        let errors = StringSink()
        var launcher = Launcher(
            identity: Weather.identity, registry: try DatasetRegistry(Weather.datasets),
            terminal: TerminalInfo(environment: environment), output: output, errors: errors)
        launcher.services.httpClient = HTTPClient(throttle: nil, userAgent: Weather.identity.userAgent)
        let code = await launcher.run(arguments: arguments)
        return (code, output.text, errors.text)
    }

    @Test func theProgramNamesItselfEverywhere() async throws {
        #expect(try await run(["--version"]) == (.success, "weather 1.0.0\n", ""))
        let (_, help, _) = try await run(["--help"])
        #expect(help.contains("weather readings STATION [--server URL]"), "\(help)")
        for arguments in [["--help"], ["nosuch"], ["readings"], ["readings", "466920", "--server", "ftp://x"]] {
            let (_, output, errors) = try await run(arguments)
            #expect(!(output + errors).contains("browse"), "\(arguments): \(output)\(errors)")
        }
        #expect(
            try await run(["readings"]) == (.usage, "", "weather: readings needs a station's id: readings 466920\n"))
    }

    @Test func theServerOptionReachesTheCommandOfABatchRun() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["readings", "466920", "--server", server.baseURL.absoluteString, "--cache-dir", cache.path]
        let (code, csv, errors) = try await run(arguments + ["--format", "csv"])
        #expect(errors == "")
        #expect(code == .success)
        #expect(
            csv == "time,temperature,rain\n2025-06-30T14:00+08:00,31.5,0.0\n2025-06-30T13:00+08:00,29.0,\n")
        let (refused, _, said) = try await run(["readings", "466920", "--server", "ftp://x"])
        #expect(refused == .usage)
        #expect(said == "weather: --server ftp://x: give an http or https URL\n")
    }
}
