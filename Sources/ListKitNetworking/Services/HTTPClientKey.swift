import ListKit

/// The key of a context's HTTP client (``DatasetServices/httpClient``).
///
/// Unless one is set, a context makes one the first time it is asked: throttled by
/// ``HostThrottle/shared``, bodies capped at the context's input limit, and the program's own
/// User-Agent (`bookshelf/1.0.0`). Every copy of the context shares it, so a host that blocked
/// the client, or could not be reached, is remembered by every screen of the run.
public enum HTTPClientKey: DatasetServiceKey {
    public static func defaultValue(in context: DatasetContext) -> any HTTPFetching {
        HTTPClient(
            throttle: HostThrottle.shared, maxBodyBytes: context.maxInputBytes, userAgent: context.program.userAgent)
    }
}

extension DatasetServices {
    /// The client a context downloads with, when one is set: a test sets one (throttled or not,
    /// with its own timeouts) to reach its loopback server.
    public var httpClient: (any HTTPFetching)? {
        get { self[HTTPClientKey.self] }
        set { self[HTTPClientKey.self] = newValue }
    }
}

extension DatasetContext {
    /// The client this context downloads with: the one set in ``DatasetContext/services``,
    /// else the program's own, made once and shared by every copy of the context.
    public var httpClient: any HTTPFetching { self[service: HTTPClientKey.self] }

    /// Downloads through the cache with this context's client, cache folder, offline mode and
    /// clock: the rules of ``CachedDownloader``.
    public var downloader: CachedDownloader {
        CachedDownloader(client: httpClient, cache: CacheStore(folder: cacheDirectory), offline: offline, now: now)
    }
}
