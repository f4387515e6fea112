import ListKit

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
