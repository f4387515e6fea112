import ListKit
import ListKitNetworking

/// The context's quote client: one per run, so the service's session cookie is fetched once.
enum QuoteKey: DatasetServiceKey {
    static func defaultValue(in context: DatasetContext) -> Result<QuoteClient, TWSEHostsError> {
        Result { () throws(TWSEHostsError) in
            QuoteClient(base: try context.exchangeHosts().mis, client: context.httpClient, now: context.now)
        }
    }
}

extension DatasetContext {
    /// The quote client of this run.
    package func quoteClient() throws(TWSEHostsError) -> QuoteClient {
        try self[service: QuoteKey.self].get()
    }
}
