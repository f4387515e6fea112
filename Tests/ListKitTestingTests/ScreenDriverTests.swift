import ListKit
import ListKitTesting
import Testing

/// The testing library's screen driver reads a screen as a person would.
@MainActor
@Suite struct ScreenDriverTests {
    struct Moon: Identifiable, Sendable {
        let name: String
        let radius: Int
        var id: String { name }
    }

    struct MoonsDataset: Dataset {
        var id: String { "moons" }
        var title: String { "Moons" }
        var summary: String { "some moons" }

        @MainActor func makeRootScreen(context: DatasetContext) -> any ListScreen {
            let moons = [
                Moon(name: "Io", radius: 1_822), Moon(name: "Titan", radius: 2_575), Moon(name: "Moon", radius: 1_737),
            ]
            let columns = [Column("moon"), Column("radius", kind: .integer)]
            return GenericListController(title: id, items: moons, columns: columns) { (row: inout ColumnsRow, moon) in
                row["moon"] = .text(moon.name)
                row["radius"] = .integer(moon.radius, grouped: true)
            } select: { moon in
                .detail(Detail(title: moon.name, fields: [.init("radius", "\(moon.radius) km")]))
            }
        }
    }

    @Test func commandsGiveTheScreensAPersonReads() async throws {
        let driver = try ScreenDriver(dataset: MoonsDataset(), width: 40)
        let first = await driver.start()
        #expect(
            first.screen
                == "datasets › moons\n#  moon   radius\n1  Io      1,822\n2  Titan   2,575\n3  Moon    1,737\nrows 1–3 of 3 · page 1/1\n"
        )
        let sorted = await driver.run("sort radius desc")
        #expect(sorted.screen.contains("1  Titan   2,575"))
        let detail = await driver.run("1")
        #expect(detail.screen.contains("datasets › moons › Titan\n  radius  2575 km\n"))
        #expect(!detail.failed)
    }

    @Test func mistakesAreMessagesAndMarkTheCommandFailed() async throws {
        let driver = try ScreenDriver(dataset: MoonsDataset(), width: 40)
        _ = await driver.start()
        let wrong = await driver.run("sort size")
        #expect(wrong.failed)
        #expect(wrong.messages == ["no column \"size\"; columns: moon, radius"])
        let right = await driver.run("n")
        #expect(!right.failed, "each command says for itself")
        #expect(right.messages == ["already on the last page"])
    }

    @Test func theFixedClockSaysTheSameInstant() {
        let clock = FixedClock.standard
        #expect(clock.now() == clock.now())
        #expect(clock.instant.timeIntervalSince1970 == 1_751_256_000)
    }
}
