/// One value of a row as a store reading its rows in pieces hands it over: a typed value, or a
/// text still as the UTF-8 bytes it was read from, so that counting texts makes no `String`.
///
/// `.text(bytes)` stands for `CellValue.text(String(decoding: bytes, as: UTF8.self))`; the
/// bytes are valid only during the call they are passed to.
package enum PieceValue {
    case value(CellValue)
    case text(UnsafeBufferPointer<UInt8>)
}
