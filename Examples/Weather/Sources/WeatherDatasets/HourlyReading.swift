import BrowseSupport
import ListKit

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
