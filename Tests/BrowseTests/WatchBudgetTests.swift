import Foundation
import ListKitNetworking
import ListKitTesting
import Synchronization
import TestSupport
import Testing

/// A watch refresh that has to wait for the quote host's budget says so while it waits.
@Suite struct WatchBudgetTests {
    @Test func aRefreshThatWaitsForTheBudgetSaysSo() async throws {
        let answer = try Data(contentsOf: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json"])[0])
        let later = try Data(contentsOf: QuoteCommandTests.answers(["mis_quote_2dp_2019.json"])[0])
        let served = Mutex(0)
        let server = try LoopbackServer { request in
            if request.path == "/stock/index.jsp" {
                return .respond(LoopbackServer.Response(status: 200, text: "<html></html>"))
            }
            let body = served.withLock { count in
                defer { count += 1 }
                return count == 0 ? answer : later
            }
            return .respond(LoopbackServer.Response(status: 200, body: Array(body)))
        }
        defer { server.stop() }
        let folder = try ScratchFolder("watch-budget")
        let runtime = folder.path + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let environment = [
            "BROWSE_MIS_URL": server.baseURL.absoluteString, "BROWSE_NOW": WatchTests.open,
            "XDG_CACHE_HOME": folder.path + "/cache", "XDG_RUNTIME_DIR": runtime, "BROWSE_HISTORY": "",
        ]
        // Wide enough that the wait's line, whose length depends on the process ids and the
        // port, is never broken inside the words waited for.
        let terminal = try PseudoTerminal.browse(
            ["quote", "2330"], in: folder, columns: 200, rows: 30, environment: environment)
        try terminal.waitFor("exchange time 2025-06-30 12:50:00")
        try terminal.waitFor(PseudoTerminal.prompt)
        // This process holds three requests to the quote host open in the budget every process of
        // the user shares, each for as long as a request may count as open. (Processes stopped
        // with their requests open would not do: their records rightly expire with their own 20 s
        // deadlines.) A machine so loaded that the refresh comes only after even these have
        // expired is given the budget full again, and the next refresh must wait.
        let shared = try HostThrottle.userFolder(environment: ["XDG_RUNTIME_DIR": runtime]).get()
        let throttle = HostThrottle(folder: shared)
        let budget = await ThrottleBudget.key(for: server.baseURL)
        for attempt in 1...3 {
            let taken = Date()
            var held: [HostThrottle.Ticket] = []
            for _ in 0..<3 { held.append(try await throttle.begin(host: budget, openAtMost: HostThrottle.longestOpen)) }
            defer { for ticket in held { throttle.end(ticket) } }
            if attempt == 1 {
                terminal.type("watch 5\r")
                try terminal.waitFor("watching every 5 s")
            }
            do {
                try terminal.waitFor("has had a request to it open")
                break
            } catch {
                if attempt < 3, Date().timeIntervalSince(taken) >= HostThrottle.longestOpen { continue }
                let log = server.requests.map { "\($0.receivedAt.timeIntervalSince1970) \($0.target)" }
                // The screen's end too: whether the wait was never said, or said and not drawn.
                let screenEnd = String(terminal.screen.suffix(3000)).debugDescription
                Issue.record(
                    """
                    the budget was taken at \(taken.timeIntervalSince1970) (attempt \(attempt)); the server saw:
                    \(log.joined(separator: "\n"))
                    the screen ended with:
                    \(screenEnd)
                    """)
                throw error
            }
        }
        try terminal.waitFor("watching every 5 s · exchange time 13:30:00")
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }
}
