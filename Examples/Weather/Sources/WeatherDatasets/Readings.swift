import Foundation
import ListKit
import ListKitNetworking

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
