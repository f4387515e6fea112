import Synchronization

/// The functions of SQLite's C library that browse calls, looked up once in `libsqlite3` loaded
/// with ``CLibrary``: each declared with its exact C signature, so no header is needed.
package final class SQLiteLibrary: Sendable {
    typealias Open =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
        ) -> Int32
    typealias Prepare =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    typealias BindText =
        @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?) -> Int32
    typealias BindNull = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias StatementInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ColumnInt = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnName = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Interrupt = @convention(c) (OpaquePointer?) -> Void
    typealias ProgressCallback = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias ProgressHandler =
        @convention(c) (OpaquePointer?, Int32, ProgressCallback?, UnsafeMutableRawPointer?) ->
        Void
    typealias BusyTimeout = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ScalarFunction = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    typealias CreateFunction =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?, ScalarFunction?,
            ScalarFunction?, UnsafeRawPointer?, UnsafeRawPointer?
        ) -> Int32
    typealias ValueText = @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    typealias ResultText = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?) -> Void
    typealias ResultNull = @convention(c) (OpaquePointer?) -> Void

    // Result codes and flags from sqlite3.h.
    static let ok: Int32 = 0
    static let interrupted: Int32 = 9
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadOnly: Int32 = 0x01
    static let openReadWrite: Int32 = 0x02
    static let openCreate: Int32 = 0x04
    static let openURI: Int32 = 0x40
    /// Multi-thread mode for this handle: no lock around every call (each session is used by
    /// one thread at a time; `sqlite3_interrupt` stays safe from any thread).
    static let openNoMutex: Int32 = 0x8000
    static let typeNull: Int32 = 5
    static let utf8: Int32 = 1
    static let deterministic: Int32 = 0x800
    /// `SQLITE_TRANSIENT`: SQLite copies a bound text before the call returns.
    static var transient: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: -1) }

    let open: Open
    let prepare: Prepare
    let bindText: BindText
    let bindNull: BindNull
    let step: StatementInt
    let finalize: StatementInt
    let columnCount: StatementInt
    let columnName: ColumnName
    let columnText: ColumnText
    let columnBytes: ColumnInt
    let columnType: ColumnInt
    let columnDeclaredType: ColumnName
    let errorMessage: ErrorMessage
    /// `sqlite3_error_offset`, in SQLite 3.38 and later.
    let errorOffset: StatementInt?
    let interrupt: Interrupt
    let progressHandler: ProgressHandler
    let busyTimeout: BusyTimeout
    let close: StatementInt
    let createFunction: CreateFunction
    let valueText: ValueText
    let valueBytes: StatementInt
    let valueType: StatementInt
    let resultText: ResultText
    let resultNull: ResultNull

    /// The file names SQLite's library goes by on Linux and macOS, in the order tried.
    package static let names = ["libsqlite3.so.0", "libsqlite3.so", "libsqlite3.0.dylib", "libsqlite3.dylib"]

    /// Loads the library from the first of `names` that loads.
    ///
    /// - Throws: ``DatabaseError`` `.libraryMissing`, saying what to install.
    package init(names: [String] = SQLiteLibrary.names, opening what: String) throws(DatabaseError) {
        let library = try CLibrary(
            names: names, library: "libsqlite3", install: "apt-get install libsqlite3-0", opening: what)
        open = try library.function("sqlite3_open_v2", as: Open.self)
        prepare = try library.function("sqlite3_prepare_v2", as: Prepare.self)
        bindText = try library.function("sqlite3_bind_text", as: BindText.self)
        bindNull = try library.function("sqlite3_bind_null", as: BindNull.self)
        step = try library.function("sqlite3_step", as: StatementInt.self)
        finalize = try library.function("sqlite3_finalize", as: StatementInt.self)
        columnCount = try library.function("sqlite3_column_count", as: StatementInt.self)
        columnName = try library.function("sqlite3_column_name", as: ColumnName.self)
        columnText = try library.function("sqlite3_column_text", as: ColumnText.self)
        columnBytes = try library.function("sqlite3_column_bytes", as: ColumnInt.self)
        columnType = try library.function("sqlite3_column_type", as: ColumnInt.self)
        columnDeclaredType = try library.function("sqlite3_column_decltype", as: ColumnName.self)
        errorMessage = try library.function("sqlite3_errmsg", as: ErrorMessage.self)
        errorOffset = try? library.function("sqlite3_error_offset", as: StatementInt.self)
        interrupt = try library.function("sqlite3_interrupt", as: Interrupt.self)
        progressHandler = try library.function("sqlite3_progress_handler", as: ProgressHandler.self)
        busyTimeout = try library.function("sqlite3_busy_timeout", as: BusyTimeout.self)
        close = try library.function("sqlite3_close_v2", as: StatementInt.self)
        createFunction = try library.function("sqlite3_create_function_v2", as: CreateFunction.self)
        valueText = try library.function("sqlite3_value_text", as: ValueText.self)
        valueBytes = try library.function("sqlite3_value_bytes", as: StatementInt.self)
        valueType = try library.function("sqlite3_value_type", as: StatementInt.self)
        resultText = try library.function("sqlite3_result_text", as: ResultText.self)
        resultNull = try library.function("sqlite3_result_null", as: ResultNull.self)
    }

    private static let loaded = Mutex<SQLiteLibrary?>(nil)

    /// The library of the usual names, loaded the first time a database is opened.
    package static func shared(opening what: String) throws(DatabaseError) -> SQLiteLibrary {
        try loaded.withLock { (library: inout SQLiteLibrary?) throws(DatabaseError) -> SQLiteLibrary in
            if let library { return library }
            let made = try SQLiteLibrary(opening: what)
            library = made
            return made
        }
    }

    /// The text of a result column, whole even with `\0` inside (its length is asked for,
    /// not found by the first zero byte); `nil` for NULL.
    func text(_ statement: OpaquePointer?, column: Int32) -> String? {
        guard columnType(statement, column) != Self.typeNull else { return nil }
        guard let bytes = columnText(statement, column) else { return "" }
        let count = Int(columnBytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The UTF-8 bytes of a result column as SQLite holds them, valid until the next step;
    /// `nil` for NULL.
    func bytes(_ statement: OpaquePointer?, column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard columnType(statement, column) != Self.typeNull else { return nil }
        guard let bytes = columnText(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(columnBytes(statement, column)))
    }
}
