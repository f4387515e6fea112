import BrowseSupport
import Foundation
import ListKit
import Synchronization
import Testing

@testable import LineMode

/// A load that will be drawn tells its sources how the terminal measures text, so that a file's
/// index measures its columns as it reads them; an export, which draws nothing, does not, so
/// that the index does no work for nothing.
@MainActor
@Suite struct LoadWidthsTests {
    /// A dataset whose one source keeps how each load asked it to measure.
    struct MeasuredDataset: Dataset {
        struct Reading: Identifiable, Sendable {
            let id: String
        }

        /// How each load asked, in order.
        final class Asked: Sendable {
            let widths = Mutex<[TextWidth?]>([])
        }

        let asked = Asked()
        var id: String { "measured" }
        var title: String { "Measured" }
        var summary: String { "one reading" }

        @MainActor func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
            let source = ListSource<Reading>(id: "readings", title: "readings") { [asked] request in
                asked.widths.withLock { $0.append(request.widths) }
                return [Reading(id: "台積電")]
            }
            return GenericListController(
                title: id, sources: [source], columns: [.text("name", \.id)])
        }
    }

    /// How the one load of `arguments` asked the source to measure.
    func asked(_ arguments: [String]) async throws -> TextWidth? {
        let dataset = MeasuredDataset()
        let output = StringSink()
        let launcher = Launcher(
            identity: ProgramIdentity.underTest, registry: try DatasetRegistry([dataset]),
            terminal: TerminalInfo(), output: output, errors: StringSink())
        let status = await launcher.run(arguments: ["measured"] + arguments)
        #expect(status == .success, "\(arguments)")
        #expect(output.text.contains("台積電"), "\(arguments) shows the row")
        let asked = dataset.asked.widths.withLock { $0 }
        try #require(asked.count == 1, "one load for \(arguments)")
        return asked[0]
    }

    @Test func aScriptAsksForTheTerminalsWidthsAndAnExportDoesNot() async throws {
        let script = try #require(try await asked(["-c", "q"]), "a script draws its pages")
        #expect(script.measuresAlike(.terminal))
        #expect(try await asked(["--format", "csv"]) == nil, "an export draws nothing")
        #expect(try await asked(["--format", "json"]) == nil)
    }
}
