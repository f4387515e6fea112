import Foundation
import Testing

/// The program allocates through its own `malloc` (the C library's, with large allocations
/// advised to be backed by large pages): the dynamic linker binds the C library's calls of
/// `malloc` to the `browse` executable, which it reports when asked (`LD_DEBUG`, glibc).
@Suite struct AllocatorTests {
    #if os(Linux)
        static let glibc = true
    #else
        static let glibc = false
    #endif

    @Test(.enabled(if: glibc)) func theCLibraryAllocatesThroughTheProgramsMalloc() throws {
        let run = try Browse.run(["--version"], environment: ["LD_DEBUG": "bindings"])
        #expect(run.status == 0)
        let bindings = run.stderr.split(separator: "\n").filter { $0.hasSuffix("normal symbol `malloc' [GLIBC_2.2.5]") }
        #expect(!bindings.isEmpty, "the linker reported no binding of malloc")
        let fromLibC = bindings.filter { $0.contains("binding file /") && $0.contains("libc.so") }
        #expect(fromLibC.contains { $0.contains(" to \(Browse.executable.path) [0]") }, "\(fromLibC)")
    }
}
