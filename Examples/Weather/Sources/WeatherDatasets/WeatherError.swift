import BrowseSupport
import ListKit

/// What stops the weather program, in its own words.
public enum WeatherError: String, UserFacingError {
    case noServer = "readings come from a server: give --server URL or set WEATHER_URL to an http or https URL"
    case noStation = "readings needs a station's id: readings 466920"
    case noStations = "stations.csv is missing from the program's resources: build it again"

    public var description: String { rawValue }
    public var exitCode: ExitCode { self == .noStations ? .failure : .usage }
}
