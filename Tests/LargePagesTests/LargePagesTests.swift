import Foundation
import LargePages
import Testing

/// Large allocations are advised to be backed by large pages: the kernel marks the advised
/// memory `hg` in `/proc/self/smaps`, whether or not a large page is free when it is written.
/// The test runner links the allocator too, so its own arrays show it.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/smaps")))
struct LargePagesTests {
    static let large = 2 << 20

    /// The flags of the mapping that holds `address`, as `/proc/self/smaps` lists them.
    static func flags(at address: UnsafeRawPointer) throws -> [String] {
        let target = UInt(bitPattern: address)
        // Read to its end: the file's size says 0, which a read by size believes.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let range = words.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, words.first == "VmFlags:" {
                return words.dropFirst().map(String.init)
            }
        }
        return []
    }

    @Test func onlyTheWholeLargePagesInsideAreAdvised() throws {
        let size = 8 * Self.large
        let region = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(region, size) }
        // From one byte past a large page's start: that page is shared, the next ones are whole.
        let base = UInt(bitPattern: region)
        let firstWhole = (base + UInt(Self.large) - 1) & ~UInt(Self.large - 1)
        let start = try #require(UnsafeMutableRawPointer(bitPattern: firstWhole + 1))
        large_pages_advise(start, 3 * Self.large)
        let whole = try #require(UnsafeRawPointer(bitPattern: firstWhole + UInt(Self.large)))
        #expect(try Self.flags(at: whole).contains("hg"))
        #expect(try !Self.flags(at: start).contains("hg"), "the page the memory starts inside")
        let after = try #require(UnsafeRawPointer(bitPattern: firstWhole + UInt(3 * Self.large)))
        #expect(try !Self.flags(at: after).contains("hg"), "the page the memory ends inside")
        // Less than a large page: nothing.
        let small = try #require(UnsafeMutableRawPointer(bitPattern: firstWhole + UInt(5 * Self.large)))
        large_pages_advise(small, Self.large - 1)
        #expect(try !Self.flags(at: small).contains("hg"))
    }

    @Test func anArrayOfManyMegabytesIsAdvisedWhenAllocated() throws {
        let count = 16 << 20
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        try bytes.withUnsafeBufferPointer { buffer in
            let base = UInt(bitPattern: buffer.baseAddress)
            let inside = try #require(
                UnsafeRawPointer(bitPattern: (base + UInt(2 * Self.large)) & ~UInt(Self.large - 1)))
            #expect(try Self.flags(at: inside).contains("hg"), "a Swift array goes through the program's malloc")
        }
    }
}
