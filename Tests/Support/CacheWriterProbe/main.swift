import Foundation
import ListKitNetworking

// A test probe: writes two versions of one cache entry in turn, forever, so that a test can
// kill it (SIGKILL) at any moment of a write and check what is left.
//   cache-writer-probe CACHE_FOLDER SIZE
let arguments = CommandLine.arguments
guard arguments.count == 3, let size = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: cache-writer-probe FOLDER SIZE\n".utf8))
    exit(2)
}
let cache = CacheStore(folder: URL(fileURLWithPath: arguments[1]))
let versions = [Data(repeating: UInt8(ascii: "a"), count: size), Data(repeating: UInt8(ascii: "b"), count: size + 1)]
var round = 0
FileHandle.standardOutput.write(Data("ready\n".utf8))
while true {
    try cache.write("probe/entry", body: versions[round % 2], source: "probe", fetchedAt: Date(), tradingDate: nil)
    round += 1
}
