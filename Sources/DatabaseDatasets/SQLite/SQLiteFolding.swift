import BrowseSupport
import Synchronization

/// The SQL function `browse_fold(text)`: text folded exactly as the local filter folds it
/// (``TextFolding/fold(_:)``), so a filter run by SQLite keeps the rows the local filter keeps,
/// whatever the language of the text.
enum SQLiteFolding {
    /// The function's name in statements.
    static let name = "browse_fold"

    /// The library the callback calls back into, as an unretained pointer's bits: a C callback
    /// captures nothing, and the library lives as long as the program.
    private static let library = Atomic<Int>(0)

    /// Registers `browse_fold` on the connection `database`.
    static func register(on database: OpaquePointer?, library: SQLiteLibrary) -> Int32 {
        let pointer = Unmanaged.passUnretained(library).toOpaque()
        Self.library.store(Int(bitPattern: pointer), ordering: .releasing)
        return library.createFunction(
            database, name, 1, SQLiteLibrary.utf8 | SQLiteLibrary.deterministic, pointer, callback, nil, nil, nil)
    }

    private static let callback: SQLiteLibrary.ScalarFunction = { context, count, values in
        let bits = SQLiteFolding.library.load(ordering: .acquiring)
        guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
        let library = Unmanaged<SQLiteLibrary>.fromOpaque(pointer).takeUnretainedValue()
        guard count == 1, let value = values?[0], library.valueType(value) != SQLiteLibrary.typeNull else {
            library.resultNull(context)
            return
        }
        let bytes = library.valueText(value)
        let length = Int(library.valueBytes(value))
        let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        var folded = TextFolding.fold(text)
        folded.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                library.resultText(context, chars.baseAddress, Int32(chars.count), SQLiteLibrary.transient)
            }
        }
    }
}
