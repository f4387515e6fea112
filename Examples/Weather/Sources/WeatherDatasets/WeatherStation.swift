import BrowseSupport
import FileDatasets
import Foundation
import ListKit

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
