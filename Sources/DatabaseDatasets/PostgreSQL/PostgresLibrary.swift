import Synchronization

/// libpq, PostgreSQL's client library, loaded with ``CLibrary`` when a server is first opened:
/// each function it uses, declared with its exact C signature.
///
/// libpq's handles (`PGconn *`, `PGresult *`, `PGcancel *`) are `OpaquePointer`s here; its
/// enumerations (`ConnStatusType`, `ExecStatusType`) are C `int`s.
package struct PostgresLibrary: Sendable {
    typealias ConnectParams =
        @convention(c) (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
        ) -> OpaquePointer?
    typealias ConnectionInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ConnectionText = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias ConnectionVoid = @convention(c) (OpaquePointer?) -> Void
    typealias SendQueryParams =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    typealias SendPrepare =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?)
        -> Int32
    typealias SendDescribe = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias ConnectionResult = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ResultInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ResultField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultColumnInt = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ResultColumnType = @convention(c) (OpaquePointer?, Int32) -> UInt32
    typealias ResultValue = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultValueInt = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias Cancel = @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    typealias GetCopyData =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> Int32
    typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    typealias SetNoticeProcessor =
        @convention(c) (OpaquePointer?, NoticeProcessor?, UnsafeMutableRawPointer?) -> NoticeProcessor?

    /// The file names libpq has on Linux and macOS, in the order to try.
    package static let names = ["libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"]

    let connectdbParams: ConnectParams
    let status: ConnectionInt
    let errorMessage: ConnectionText
    let finish: ConnectionVoid
    let socket: ConnectionInt
    let user: ConnectionText
    let password: ConnectionText
    let host: ConnectionText
    let port: ConnectionText
    let database: ConnectionText
    let sendQueryParams: SendQueryParams
    let sendPrepare: SendPrepare
    let sendDescribePrepared: SendDescribe
    let setSingleRowMode: ConnectionInt
    let consumeInput: ConnectionInt
    let isBusy: ConnectionInt
    let getResult: ConnectionResult
    let resultStatus: ResultInt
    let resultErrorField: ResultField
    let resultErrorMessage: ConnectionText
    let tupleCount: ResultInt
    let fieldCount: ResultInt
    let fieldName: ResultField
    let fieldType: ResultColumnType
    let fieldModifier: ResultColumnInt
    let value: ResultValue
    let isNull: ResultValueInt
    let length: ResultValueInt
    let clear: ConnectionVoid
    let getCancel: ConnectionResult
    let cancel: Cancel
    let freeCancel: ConnectionVoid
    let getCopyData: GetCopyData
    let freeMemory: FreeMemory
    let setNoticeProcessor: SetNoticeProcessor

    /// Loads libpq from the first of `names` that loads and looks up every function used.
    ///
    /// - Parameter names: File names to try; tests pass names that do not exist.
    /// - Throws: ``DatabaseError`` with code `.libraryMissing`, saying to install `libpq5`.
    package init(names: [String] = Self.names) throws(DatabaseError) {
        let library = try CLibrary(
            names: names, library: "libpq", install: "apt-get install libpq5, or brew install libpq",
            opening: "a PostgreSQL server")
        connectdbParams = try library.function("PQconnectdbParams", as: ConnectParams.self)
        status = try library.function("PQstatus", as: ConnectionInt.self)
        errorMessage = try library.function("PQerrorMessage", as: ConnectionText.self)
        finish = try library.function("PQfinish", as: ConnectionVoid.self)
        socket = try library.function("PQsocket", as: ConnectionInt.self)
        user = try library.function("PQuser", as: ConnectionText.self)
        password = try library.function("PQpass", as: ConnectionText.self)
        host = try library.function("PQhost", as: ConnectionText.self)
        port = try library.function("PQport", as: ConnectionText.self)
        database = try library.function("PQdb", as: ConnectionText.self)
        sendQueryParams = try library.function("PQsendQueryParams", as: SendQueryParams.self)
        sendPrepare = try library.function("PQsendPrepare", as: SendPrepare.self)
        sendDescribePrepared = try library.function("PQsendDescribePrepared", as: SendDescribe.self)
        setSingleRowMode = try library.function("PQsetSingleRowMode", as: ConnectionInt.self)
        consumeInput = try library.function("PQconsumeInput", as: ConnectionInt.self)
        isBusy = try library.function("PQisBusy", as: ConnectionInt.self)
        getResult = try library.function("PQgetResult", as: ConnectionResult.self)
        resultStatus = try library.function("PQresultStatus", as: ResultInt.self)
        resultErrorField = try library.function("PQresultErrorField", as: ResultField.self)
        resultErrorMessage = try library.function("PQresultErrorMessage", as: ConnectionText.self)
        tupleCount = try library.function("PQntuples", as: ResultInt.self)
        fieldCount = try library.function("PQnfields", as: ResultInt.self)
        fieldName = try library.function("PQfname", as: ResultField.self)
        fieldType = try library.function("PQftype", as: ResultColumnType.self)
        fieldModifier = try library.function("PQfmod", as: ResultColumnInt.self)
        value = try library.function("PQgetvalue", as: ResultValue.self)
        isNull = try library.function("PQgetisnull", as: ResultValueInt.self)
        length = try library.function("PQgetlength", as: ResultValueInt.self)
        clear = try library.function("PQclear", as: ConnectionVoid.self)
        getCancel = try library.function("PQgetCancel", as: ConnectionResult.self)
        cancel = try library.function("PQcancel", as: Cancel.self)
        freeCancel = try library.function("PQfreeCancel", as: ConnectionVoid.self)
        getCopyData = try library.function("PQgetCopyData", as: GetCopyData.self)
        freeMemory = try library.function("PQfreemem", as: FreeMemory.self)
        setNoticeProcessor = try library.function("PQsetNoticeProcessor", as: SetNoticeProcessor.self)
    }

    private static let loaded = Mutex<Result<PostgresLibrary, DatabaseError>?>(nil)

    /// libpq from its usual names, loaded once for the program's life.
    ///
    /// - Throws: ``DatabaseError`` with code `.libraryMissing` when it is not installed.
    package static func shared() throws(DatabaseError) -> PostgresLibrary {
        let outcome = loaded.withLock { cached in
            if let cached { return cached }
            let outcome = Result { () throws(DatabaseError) in try PostgresLibrary() }
            cached = outcome
            return outcome
        }
        return try outcome.get()
    }
}
