import LineMode
import ListKit

// Fuzzes the command-line parser: NUL-separated arguments parse or give a usage error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    let market = OptionDeclaration("market", value: "M", summary: "one market")
    let header = OptionDeclaration("no-header", summary: "no header")
    do {
        let invocation = try Invocation.parse(arguments, options: [market, header])
        if let width = invocation.width { precondition(width >= Invocation.minimumWidth, "width checked") }
        if let size = invocation.pageSize { precondition(size >= 1, "page size checked") }
        if let limit = invocation.maxInput {
            precondition(
                limit >= Invocation.minimumMaxInput && limit <= Invocation.maximumMaxInput, "input limit checked")
        }
    } catch {
        precondition(!error.description.isEmpty, "a usage error says something")
    }
    return 0
}
