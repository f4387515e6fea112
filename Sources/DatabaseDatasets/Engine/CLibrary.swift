#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An engine's C library, loaded when a database is first opened rather than linked, so the
/// program builds and runs on a machine without it (or its headers) and only opening a
/// database there fails, saying what to install.
package final class CLibrary: @unchecked Sendable {
    // A handle from dlopen is usable from any thread, and is never closed: the functions
    // looked up in it live as long as the program.
    private let handle: UnsafeMutableRawPointer
    /// The file name that loaded.
    package let loadedName: String

    /// Loads the first of `names` the dynamic loader finds.
    ///
    /// - Parameters:
    ///   - names: File names in the order to try (`libpq.so.5`, `libpq.so`, `libpq.5.dylib`).
    ///   - library: The library as a person knows it, for the error (`libpq`).
    ///   - install: How to install it on this kind of machine, for the error.
    ///   - what: What was being opened, the start of the error's message.
    /// - Throws: ``DatabaseError`` with code `.libraryMissing` when none loads.
    package init(names: [String], library: String, install: String, opening what: String) throws(DatabaseError) {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                self.loadedName = name
                return
            }
        }
        throw DatabaseError(.libraryMissing(library: library, install: install), "cannot open \(what)")
    }

    /// The function named `name`, as the C type `type` (a `@convention(c)` function type).
    ///
    /// - Throws: ``DatabaseError`` with code `.libraryMissing` when the library lacks it (a
    ///   version too old).
    package func function<Function>(_ name: String, as type: Function.Type) throws(DatabaseError) -> Function {
        guard let symbol = dlsym(handle, name) else {
            throw DatabaseError(
                .libraryMissing(library: loadedName, install: "a newer version is needed"),
                "\(loadedName) has no function \(name)")
        }
        return unsafeBitCast(symbol, to: Function.self)
    }
}
