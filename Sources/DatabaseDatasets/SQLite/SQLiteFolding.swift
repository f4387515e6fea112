import BrowseSupport
import Synchronization
import Tabular

/// The SQL function `browse_fold(text, …)`: its arguments joined by spaces (NULL as nothing)
/// and folded exactly as the local filter folds a row's cells (``TextFolding/fold(_:)``), so a
/// filter run by SQLite keeps the rows the local filter keeps, whatever the language.
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
            database, name, -1, SQLiteLibrary.utf8 | SQLiteLibrary.deterministic, pointer, callback, nil, nil, nil)
    }

    private static let callback: SQLiteLibrary.ScalarFunction = { context, count, values in
        let bits = SQLiteFolding.library.load(ordering: .acquiring)
        guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
        let library = Unmanaged<SQLiteLibrary>.fromOpaque(pointer).takeUnretainedValue()
        guard let values else {
            library.resultNull(context)
            return
        }
        if let folded = fastFolded(values, count: Int(count), library: library) {
            folded.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    library.resultText(context, chars.baseAddress, Int32(chars.count), SQLiteLibrary.transient)
                }
            }
            return
        }
        var texts: [String] = []
        texts.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let value = values[index]
            guard library.valueType(value) != SQLiteLibrary.typeNull, let bytes = library.valueText(value) else {
                texts.append("")
                continue
            }
            let length = Int(library.valueBytes(value))
            texts.append(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        }
        var folded = TextFolding.fold(TextJoining.spaced(texts))
        folded.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                library.resultText(context, chars.baseAddress, Int32(chars.count), SQLiteLibrary.transient)
            }
        }
    }

    /// The arguments joined by spaces and folded on their bytes, as the file filter folds them
    /// (``ByteFolder``); `nil` when one is not UTF-8, which only the string folding repairs.
    private static func fastFolded(
        _ values: UnsafeMutablePointer<OpaquePointer?>, count: Int, library: SQLiteLibrary
    ) -> [UInt8]? {
        var folder = ByteFolder()
        var folded: [UInt8] = []
        folded.reserveCapacity(64 * count)
        for index in 0..<count {
            if index > 0 { folded.append(0x20) }
            let value = values[index]
            guard library.valueType(value) != SQLiteLibrary.typeNull, let bytes = library.valueText(value) else {
                continue
            }
            let text = UnsafeBufferPointer(start: bytes, count: Int(library.valueBytes(value)))
            guard folder.fold(text, into: &folded) else { return nil }
        }
        return folded
    }
}
