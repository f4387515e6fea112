import ListKit

/// The key of the hosts a context's exchange datasets download from: the exchanges themselves
/// unless a program or a test set others. A mirror variable that could not be read is kept as
/// its error, said when an exchange dataset opens.
enum ExchangeHostsKey: DatasetServiceKey {
    static func defaultValue(in context: DatasetContext) -> Result<TWSEHosts, TWSEHostsError> {
        .success(.exchanges)
    }
}

extension DatasetServices {
    /// The hosts the exchange datasets download from, when set: a test sets its loopback
    /// server's (``TWSEHosts/init(everyExchangeAt:)``); unset, the exchanges themselves.
    package var exchangeHosts: TWSEHosts? {
        get { try? self[ExchangeHostsKey.self]?.get() }
        set { self[ExchangeHostsKey.self] = newValue.map { .success($0) } }
    }

    /// Points the exchange datasets at the mirrors `environment` names (`BROWSE_TWSE_URL`,
    /// `BROWSE_MOPS_URL`, `BROWSE_TPEX_URL`,
    /// `BROWSE_MOPSOV_URL`): read once, where a program starts. A variable that
    /// is not an http(s) URL is said when an exchange dataset opens, so the program's other
    /// datasets still work.
    ///
    /// - Parameter environment: The process environment.
    package mutating func useExchangeMirrors(from environment: [String: String]) {
        self[ExchangeHostsKey.self] = Result { () throws(TWSEHostsError) in try TWSEHosts(environment: environment) }
    }
}

extension DatasetContext {
    /// The hosts this context's exchange datasets download from.
    ///
    /// - Throws: `TWSEHostsError` when a mirror variable could not be read.
    func exchangeHosts() throws(TWSEHostsError) -> TWSEHosts {
        try self[service: ExchangeHostsKey.self].get()
    }
}
