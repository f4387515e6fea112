import LineMode

// Fuzzes the session command parser: any UTF-8 line either parses or gives a one-line error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try CommandParser.parse(line)
    } catch {
        // What reaches the terminal is the message made visible: one line, whatever was typed.
        // (Scalars, not Foundation's substring search, which misses a newline beside U+FFFD.)
        let shown = VisibleText.make(error.description)
        precondition(!shown.unicodeScalars.contains("\n"), "an error message is one line")
        precondition(error.description.count < 400, "an error message quotes long input briefly")
    }
    return 0
}
