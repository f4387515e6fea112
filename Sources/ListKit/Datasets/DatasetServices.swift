import Synchronization

/// The services a ``DatasetContext`` carries — an HTTP client, a market's data store — by
/// typed key, in the manner of SwiftUI's `EnvironmentValues`: ListKit holds them without
/// knowing what they are, and the module that offers one adds its key and a property.
///
/// A program sets a service to share it or to replace it; a test sets one to point a dataset
/// at its own server, without environment variables (`context.services.httpClient`, from
/// ListKitNetworking, is a client of the test's own):
///
/// ```swift
/// var context = DatasetContext(cacheDirectory: cache, program: identity)
/// context.services.weatherStations = ["466920", "467490"]
/// ```
///
/// A service that was not set is made from the context the first time it is asked for
/// (``DatasetContext/subscript(service:)``) and shared by every copy of that context, so all
/// the screens of a run share one client and what it remembers. Changing the context's cache
/// folder, offline mode, clock, input limit, program or services makes them afresh.
public struct DatasetServices: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// The services made from the context, shared by its copies.
    private(set) var made = MadeServices()

    /// No services set: each is made from the context when it is first asked for.
    public init() {}

    /// The service set for `key`, or `nil` when none was (the context then makes its default).
    public subscript<Key: DatasetServiceKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set {
            values[ObjectIdentifier(key)] = newValue
            forgetMade()
        }
    }

    /// Forgets the services made from the context: the next to ask makes them again, from the
    /// context as it is then.
    mutating func forgetMade() {
        made = MadeServices()
    }
}

/// The services a context made from itself, each once: a reference, so that every copy of the
/// context shares them.
final class MadeServices: Sendable {
    private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// The service made for `key`, making it with `make` the first time. Two tasks that ask at
    /// once may both make one; the first kept is the one every later caller gets.
    func value<Value: Sendable>(for key: ObjectIdentifier, make: () -> Value) -> Value {
        if let made = values.withLock({ $0[key] as? Value }) { return made }
        // Made outside the lock: a service made from the context may ask it for another.
        let new = make()
        return values.withLock { values in
            if let made = values[key] as? Value { return made }
            values[key] = new
            return new
        }
    }
}
