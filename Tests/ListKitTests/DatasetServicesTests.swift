import Foundation
import ListKit
import Synchronization
import Testing

/// A service a context makes for itself is made once and shared by every copy, as a program's
/// screens share one HTTP client; one set by a program or a test wins.
@Suite struct DatasetServicesTests {
    /// A service that counts how often it was made.
    final class Made: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    enum CountedKey: DatasetServiceKey {
        static let count = Atomic(0)
        static func defaultValue(in context: DatasetContext) -> Made {
            Made(count.add(1, ordering: .relaxed).newValue)
        }
    }

    static let program = ProgramIdentity(name: "services-tests", version: "1.0.0", summary: "tests")

    @Test func aServiceNotSetIsMadeOnceForEveryCopyAndAfreshWhenTheContextChanges() {
        let context = DatasetContext(cacheDirectory: URL(fileURLWithPath: "/tmp/a"), program: Self.program)
        let first = context[service: CountedKey.self]
        var copy = context
        copy.options["market"] = "otc"
        #expect(copy[service: CountedKey.self] === first, "a copy with other options shares it")
        var moved = context
        moved.cacheDirectory = URL(fileURLWithPath: "/tmp/b")
        #expect(moved[service: CountedKey.self] !== first, "another cache folder makes its own")
        #expect(
            DatasetContext(cacheDirectory: context.cacheDirectory, program: Self.program)[service: CountedKey.self]
                !== first, "another context makes its own")
    }

    @Test func aServiceSetWinsAndStaysWithTheContextItWasSetOn() {
        let context = DatasetContext(cacheDirectory: URL(fileURLWithPath: "/tmp/a"), program: Self.program)
        let made = context[service: CountedKey.self]
        let given = Made(-1)
        var injected = context
        injected.services[CountedKey.self] = given
        #expect(injected[service: CountedKey.self] === given)
        #expect(context[service: CountedKey.self] === made, "the context it was copied from keeps its own")
        var services = DatasetServices()
        services[CountedKey.self] = given
        let a = DatasetContext(
            cacheDirectory: URL(fileURLWithPath: "/tmp/a"), program: Self.program, services: services)
        #expect(a[service: CountedKey.self] === given, "a bag handed to a context gives what it holds")
    }
}
