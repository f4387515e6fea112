import ListKit
import Testing

struct Demo: Dataset {
    let id: String
    var title: String { id.uppercased() }
    var summary: String { "demo" }
    @MainActor func makeRootScreen(context: DatasetContext) -> any ListScreen {
        makeStocks(sampleStocks)
    }
}

@MainActor
@Suite struct NavigationTests {
    @Test func registryRefusesDuplicateIDs() {
        #expect(throws: RegistryError.duplicateID("a")) { try DatasetRegistry([Demo(id: "a"), Demo(id: "a")]) }
    }

    @Test func rootScreenListsTheDatasetsAndDrillsIntoOne() throws {
        let registry = try DatasetRegistry([Demo(id: "alpha"), Demo(id: "beta")])
        let root = registry.rootScreen(
            context: DatasetContext(
                cacheDirectory: .init(fileURLWithPath: "/tmp"),
                program: ProgramIdentity(name: "navigation-tests", version: "1.0.0", summary: "tests")))
        #expect(root.column("name") == ["alpha", "beta"])
        guard case .push(let screen) = try root.select(at: 1) else {
            Issue.record("choosing a dataset pushes its screen")
            return
        }
        #expect(screen.count == 5)
        #expect(registry.dataset(named: "BETA")?.id == "beta")
    }

    @Test func stackPushesPopsAndGoesHome() throws {
        let stack = NavigationStack(root: .list(makeStocks(sampleStocks)))
        stack.push(.detail(Detail(title: "2330 台積電", fields: []), from: nil, row: nil))
        #expect(stack.breadcrumb == ["stocks", "2330 台積電"])
        #expect(stack.pop())
        #expect(!stack.pop(), "the root stays")
        stack.push(.list(makeStocks([])))
        stack.push(.list(makeStocks([])))
        stack.home()
        #expect(stack.depth == 1)
    }
}
