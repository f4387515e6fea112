// Generated from Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import BrowseSupport
import FileDatasets
import Foundation
import LineMode
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 1

/// A weather station, from the bundled `Data/stations.csv` (`station,name,elevation` in metres).
public struct WeatherStation: Identifiable, Sendable {
    public let id, name: String
    public let elevation: ExactDecimal?

    /// The bundled stations, read by FileDatasets' engine: the parsing and types of `browse FILE`.
    static func bundled() async throws -> [WeatherStation] {
        guard let url = Bundle.module.url(forResource: "stations", withExtension: "csv", subdirectory: "Data") else {
            throw WeatherError.noStations
        }
        let table = try await FileTable.read(path: url.path)
        return (0..<table.rowCount).map { row in
            let cells = table.cells(ofRow: row).map(\.value) + Array(repeating: .missing, count: 3)
            return WeatherStation(id: cells[0].text ?? "", name: cells[1].text ?? "", elevation: cells[2].decimal)
        }
    }

    static var columns: [ListColumn<WeatherStation>] {
        [.code("station", \.id, priority: 8), .text("name", \.name, priority: 10), .decimal("elevation", \.elevation)]
    }
}

/// What stops the weather program, in its own words.
public enum WeatherError: String, UserFacingError {
    case noServer = "readings come from a server: give --server URL or set WEATHER_URL to an http or https URL"
    case noStation = "readings needs a station's id: readings 466920"
    case noStations = "stations.csv is missing from the program's resources: build it again"

    public var description: String { rawValue }
    public var exitCode: ExitCode { self == .noStations ? .failure : .usage }
}

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 2

/// One hour at a station, read once into typed values from the server's texts (`null` when an
/// instrument was down): `{"time": "2025-06-30T13:00+08:00", "temperature": "31.2", "rain": "0.5"}`.
public struct HourlyReading: Decodable, Sendable, Identifiable {
    public let time: DateTime
    public let temperature, rain: ExactDecimal?
    public var id: DateTime { time }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        func value<Value>(_ field: Field, _ read: (String) -> Value?) throws -> Value? {
            guard let text = try fields.decodeIfPresent(String.self, forKey: field) else { return nil }
            if let value = read(text) { return value }
            throw DecodingError.dataCorruptedError(forKey: field, in: fields, debugDescription: text)
        }
        guard let time = try value(.time, { DateTime(iso: $0) }) else {
            throw DecodingError.keyNotFound(Field.time, .init(codingPath: fields.codingPath, debugDescription: ""))
        }
        self.time = time
        temperature = try value(.temperature) { ExactDecimal($0) }
        rain = try value(.rain) { ExactDecimal($0) }
    }

    private enum Field: String, CodingKey { case time, temperature, rain }

    /// The readings' table: `chart temperature by time` and `where rain > 0` work on it.
    static var columns: [ListColumn<HourlyReading>] {
        [
            .dateTime("time", \.time, priority: 10), .decimal("temperature", \.temperature, short: "°C", priority: 9),
            .decimal("rain", \.rain, short: "mm", priority: 7),
        ]
    }
}

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 3

/// A station's hourly readings: a day a page (`GET /stations/ID/readings.json?page=N`, 1 the
/// last 24 hours), newest first, each page kept ten minutes in the cache and read offline.
enum Readings {
    /// The option the stations and the `readings` command share, declared once, typed.
    static let server = TypedOption.url("server", summary: "the readings server (default: $WEATHER_URL)")
    static let earlier = ListCommandDeclaration(name: "earlier", usage: "earlier", summary: "fetch a day more")

    @MainActor
    static func screen(of station: String, options: OptionValues, context: DatasetContext) throws -> any ListScreen {
        let text = try options.value(server)?.absoluteString ?? context.environment["WEATHER_URL"]
        guard let text, let base = try? server.read(text) else { throw WeatherError.noServer }
        var days = 1
        func page(_ number: Int) -> ListSource<HourlyReading> {
            let url = base.appending(path: "stations/\(station)/readings.json")
                .appending(queryItems: [URLQueryItem(name: "page", value: String(number))])
            return ListSource(id: "day \(number)", title: "readings of day \(number)") { request in
                try await context.download([HourlyReading].self, from: url, fresh: .minutes(10), for: request)
            }
        }
        let screen = GenericListController(
            title: station, sources: [page(1)], order: { $0.time > $1.time }, columns: HourlyReading.columns)
        screen.addCommands([
            ListCommand(earlier) { [unowned screen] _, _ in
                days += 1
                screen.add(page(days))
                return .load { _, _ in .none }
            }
        ])
        return screen
    }
}

/// The bundled stations; choosing one opens its readings, as `readings STATION` does anywhere.
public struct StationsDataset: Dataset {
    public init() {}

    public var id: String { "stations" }
    public var title: String { "Weather stations" }
    public var summary: String { "the stations, each with its hourly readings from the server" }
    public var options: [OptionDeclaration] { [Readings.server.declaration] }
    public var screenCommands: [ListCommandDeclaration] { [Readings.earlier] }
    public var commands: [DatasetCommand] {
        [
            DatasetCommand(
                name: "readings", usage: "readings STATION [--server URL]",
                summary: "a station's hourly readings, by its id (466920)"
            ) { arguments, context in
                guard let station = arguments.positionals.first else { throw WeatherError.noStation }
                return try Readings.screen(of: station, options: arguments.options, context: context)
            }
        ]
    }

    @MainActor
    public func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let source = ListSource(id: "bundled", title: "stations.csv") { _ in try await WeatherStation.bundled() }
        return GenericListController(title: id, sources: [source], columns: WeatherStation.columns) { station in
            .push(try Readings.screen(of: station.id, options: context.options, context: context))
        }
    }
}

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 4
/// The weather program: its name (in help, messages, its cache folder, its User-Agent) and datasets.
public enum Weather {
    public static let identity = ProgramIdentity(name: "weather", version: "1.0.0", summary: "stations and readings")
    public static var datasets: [any Dataset] { [StationsDataset()] }
}

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 5
@MainActor private func listKitAProgramOfYourOwnMain5() async {
    // main.swift

    await Launcher.main(identity: Weather.identity, datasets: Weather.datasets)
}

// Sources/ListKit/ListKit.docc/AProgramOfYourOwn.md, block 6

@MainActor
@Suite struct WeatherTests {
    /// A readings server with one station, 466920: two hours of June 30.
    nonisolated static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.path == "/stations/466920/readings.json" else { return .respond(.init(status: 404, text: "")) }
            return .respond(
                .init(text: #"[{"time": "2025-06-30T14:00+08:00", "temperature": "31.5", "rain": "0.0"}]"#))
        }
    }

    /// The program's own context: its name, its cache, a client with no throttle to wait for.
    func context(cache: URL, offline: Bool = false, server: URL) -> DatasetContext {
        var context = DatasetContext(
            cacheDirectory: cache, offline: offline, now: FixedClock.standard.now,
            environment: ["WEATHER_URL": server.absoluteString], program: Weather.identity)
        context.services.httpClient = HTTPClient(throttle: nil, userAgent: Weather.identity.userAgent)
        return context
    }

    @Test func aStationsReadingsAreDownloadedOnceAndOpenOffline() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("weather-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let online = try ScreenDriver(dataset: StationsDataset(), context: context(cache: cache, server: server.baseURL))
        #expect(await online.start().screen.contains("rows 1–10 of 10"))
        #expect(await online.run("1").screen.contains("2025-06-30T14:00+08:00"))
        #expect(server.requests.first?.headers["user-agent"] == "weather/1.0.0")
        let offline = try ScreenDriver(
            dataset: StationsDataset(), context: context(cache: cache, offline: true, server: server.baseURL))
        _ = await offline.start()
        #expect(await offline.run("1").screen.contains("31.5"))
        #expect(server.requests.count == 1, "offline never asks")
    }

    /// The program as `main.swift` runs it: its exit status, standard output and standard error.
    func run(_ arguments: [String]) async throws -> (ExitCode, String, String) {
        let output = StringSink()
        let errors = StringSink()
        var launcher = Launcher(
            identity: Weather.identity, registry: try DatasetRegistry(Weather.datasets), terminal: TerminalInfo(),
            output: output, errors: errors)
        launcher.services.httpClient = HTTPClient(throttle: nil, userAgent: Weather.identity.userAgent)
        let code = await launcher.run(arguments: arguments)
        return (code, output.text, errors.text)
    }

    @Test func theProgramNamesItselfAndItsOptionReachesItsCommand() async throws {
        #expect(try await run(["--version"]) == (.success, "weather 1.0.0\n", ""))
        #expect(try await run(["readings"]) == (.usage, "", "weather: readings needs a station's id: readings 466920\n"))
        let server = try Self.server()
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("weather-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let (code, csv, _) = try await run([
            "readings", "466920", "--server", server.baseURL.absoluteString, "--cache-dir", cache.path, "--format", "csv",
        ])
        #expect(code == .success)
        #expect(csv == "time,temperature,rain\n2025-06-30T14:00+08:00,31.5,0.0\n")
    }
}
