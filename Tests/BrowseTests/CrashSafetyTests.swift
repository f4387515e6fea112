import Fetching
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A process killed (SIGKILL) at any point of a cache write leaves the old data or the new,
/// never a damaged entry.
@Suite struct CrashSafetyTests {
    @Test func killingAWriterAtRandomMomentsNeverDamagesTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-kill-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = Browse.executable.deletingLastPathComponent().appendingPathComponent("cache-writer-probe")
        let size = 2_000_000
        var killedMidway = 0
        for round in 0..<30 {
            let process = Process()
            process.executableURL = probe
            process.arguments = [folder.path, String(size)]
            let ready = Pipe()
            process.standardOutput = ready
            try process.run()
            _ = ready.fileHandleForReading.availableData  // "ready": it is writing from now on
            // The probe does nothing but write, so any moment is a moment inside a write.
            usleep(UInt32.random(in: 1_000...60_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            let entry = try CacheStore(folder: folder).read("probe/entry")
            if let entry {
                let whole = entry.body.count == size || entry.body.count == size + 1
                #expect(whole, "round \(round): the entry is one whole version, not \(entry.body.count) bytes")
                #expect(Set(entry.body).count == 1, "round \(round): no mix of versions")
            }
        }
        #expect(killedMidway == 30)
        let bodies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("probe").path)
            .filter { $0.hasSuffix(".body") }
        #expect(bodies.count <= 2, "at most one stray body from a write killed before its cleanup")
    }
}
