import ListKit

/// The weather program: its name (in help, messages, its cache folder, its User-Agent) and datasets.
public enum Weather {
    public static let identity = ProgramIdentity(name: "weather", version: "1.0.0", summary: "stations and readings")
    public static var datasets: [any Dataset] { [StationsDataset()] }
}
