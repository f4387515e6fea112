import Foundation
import Testing

/// A run that never downloads does not load the network libraries: the `browse` binary names
/// neither FoundationNetworking (URLSession, which brings libcurl, GnuTLS and Kerberos, about
/// thirty libraries loaded and relocated before `main`) nor libcurl among the libraries it
/// needs. libcurl is loaded when the first download starts.
@Suite struct StartLibrariesTests {
    @Test func theBinaryDoesNotNeedTheNetworkLibraries() throws {
        let needed = try ELFNeeded.libraries(of: Data(contentsOf: Browse.executable))
        #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "the list was read: \(needed)")
        let network = needed.filter { $0.contains("FoundationNetworking") || $0.contains("curl") }
        #expect(network.isEmpty, "browse needs \(network) at start")
    }
}

/// The `DT_NEEDED` entries of a 64-bit little-endian ELF file, read from its section headers.
enum ELFNeeded {
    struct NotELF: Error, CustomStringConvertible {
        let description: String
    }

    static func libraries(of file: Data) throws -> [String] {
        let bytes = [UInt8](file)
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw NotELF(description: "cut at \(offset)") }
            var value = 0
            for index in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), bytes.count > 64, bytes[4] == 2, bytes[5] == 1 else {
            throw NotELF(description: "not a 64-bit little-endian ELF file")
        }
        let sectionTable = try integer(0x28, 8)
        let sectionSize = try integer(0x3A, 2)
        let sectionCount = try integer(0x3C, 2)
        func section(_ index: Int) -> Int { sectionTable + index * sectionSize }
        var names: [String] = []
        for index in 0..<sectionCount where try integer(section(index) + 4, 4) == 6 {  // SHT_DYNAMIC
            let start = try integer(section(index) + 0x18, 8)
            let size = try integer(section(index) + 0x20, 8)
            let strings = try integer(section(try integer(section(index) + 0x28, 4)) + 0x18, 8)
            for entry in stride(from: start, to: start + size, by: 16) where try integer(entry, 8) == 1 {  // DT_NEEDED
                let name = strings + (try integer(entry + 8, 8))
                guard name < bytes.count else { throw NotELF(description: "a name past the end") }
                names.append(String(decoding: bytes[name...].prefix { $0 != 0 }, as: UTF8.self))
            }
        }
        return names
    }
}
