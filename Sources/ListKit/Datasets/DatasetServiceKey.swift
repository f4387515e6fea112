/// A key for a service a ``DatasetContext`` carries, in the manner of SwiftUI's
/// `EnvironmentKey`: a module declares the key and a property on ``DatasetServices`` and
/// ``DatasetContext``, and ListKit knows nothing of what the service is.
///
/// ```swift
/// enum WeatherStationsKey: DatasetServiceKey {
///     static func defaultValue(in context: DatasetContext) -> [String] { ["466920"] }
/// }
///
/// extension DatasetServices {
///     var weatherStations: [String]? {
///         get { self[WeatherStationsKey.self] }
///         set { self[WeatherStationsKey.self] = newValue }
///     }
/// }
///
/// extension DatasetContext {
///     var weatherStations: [String] { self[service: WeatherStationsKey.self] }
/// }
/// ```
///
/// Implementers must guarantee that `defaultValue(in:)` returns quickly and never fails (make
/// a client, not a connection), and reads only what it needs of the context: the value is made
/// once, the first time it is asked for, and every copy of the context shares it.
public protocol DatasetServiceKey {
    /// What the service is.
    associatedtype Value: Sendable

    /// The service of a context that was given none: made from the context (its program, cache
    /// folder, input limit), once.
    ///
    /// - Parameter context: The context that asked.
    static func defaultValue(in context: DatasetContext) -> Value
}
