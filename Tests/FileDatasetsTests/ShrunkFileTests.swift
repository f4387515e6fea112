import Foundation
import ListKit
import Testing

@testable import FileDatasets

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mapped file that another program truncates: reading past its new end would raise SIGBUS.
@Suite struct ShrunkFileTests {
    /// Reads every byte of a mapping after the file was cut to a few bytes: without the guard
    /// this process would end with SIGBUS at the first page past the new end.
    @Test func readingPastTheNewEndSeesZerosAndSaysTheFileChanged() throws {
        let scratch = try Scratch()
        let text = String(repeating: "a,b,c\n", count: 50_000)
        let path = try scratch.write("shrinking.csv", text)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        let bytes = try #require(FileBytes.map(descriptor: descriptor, length: text.utf8.count))
        close(descriptor)
        #expect(!bytes.changedWhileOpen)
        #expect(truncate(path, 10) == 0)
        var sum = 0
        for byte in bytes.buffer { sum &+= Int(byte) }
        // The ten bytes left, and zeros where the rest of the file was.
        #expect(sum == Array(text.utf8.prefix(10)).reduce(0) { $0 + Int($1) })
        #expect(bytes.changedWhileOpen)
    }

    /// The screen reports the change before and instead of reading, and `r` shows the file as it is.
    @MainActor
    @Test func aScreenOverAShrunkFileSaysSoAndReloads() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("shrinking.csv", "n,v\n" + String(repeating: "x,1\n", count: 40_000))
        let opened = try await open(path)
        #expect(opened.screen.dataProblem == nil)
        try Data("n,v\ny,2\n".utf8).write(to: URL(fileURLWithPath: path))
        let problem = try #require(opened.screen.dataProblem)
        #expect("\(problem)".contains("the file changed while open"))
        await opened.screen.load(force: true, progress: ProgressReporter())
        #expect(opened.screen.dataProblem == nil)
        #expect(opened.texts == [["y", "2"]])
    }
}
