import ListKit
import ListKitNetworking

/// The key of a context's exchange data: one ``MarketDataStore`` for every screen of a run,
/// made from the context's hosts, client, cache folder, offline mode and clock, so that a block
/// is remembered across screens and each cached file is parsed once.
enum MarketDataKey: DatasetServiceKey {
    static func defaultValue(in context: DatasetContext) -> Result<MarketDataStore, TWSEHostsError> {
        Result { () throws(TWSEHostsError) in
            let hosts = try context.exchangeHosts()
            let cache = CacheStore(folder: context.cacheDirectory)
            // What a writer killed in an earlier run left behind goes when the next run starts.
            cache.removeAbandonedFiles()
            return MarketDataStore(
                hosts: hosts, client: context.httpClient, cache: cache, offline: context.offline, now: context.now)
        }
    }
}

extension DatasetContext {
    /// The exchanges' data for this context, shared by every screen made from it.
    ///
    /// - Throws: `TWSEHostsError` when a mirror variable could not be read.
    public func marketData() throws(TWSEHostsError) -> MarketDataStore {
        try self[service: MarketDataKey.self].get()
    }
}
