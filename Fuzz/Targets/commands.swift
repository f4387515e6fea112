import LineMode

// Fuzzes the session command parser: any UTF-8 line either parses or gives a one-line error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try CommandParser.parse(line)
    } catch {
        let message = error.description
        precondition(!message.contains("\n") || line.contains("\n"), "an error message is one line")
        precondition(message.count < 400, "an error message quotes long input briefly")
    }
    return 0
}
