import Foundation
import LineMode
import Testing

/// The prompt's history: what is kept, where, and that two sessions can share the file.
@Suite struct HistoryTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func keepsTheNewestThousand() {
        var history = History()
        for number in 1...1_005 { history.add("g \(number)") }
        #expect(history.entries.count == 1_000)
        #expect(history.entries.first == "g 6")
        #expect(history.entries.last == "g 1005")
    }

    @Test func dropsBlankLinesAndRepeatsInARow() {
        var history = History()
        for line in ["n", "n", "", "   ", "p", "n", "n"] { history.add(line) }
        #expect(history.entries == ["n", "p", "n"])
    }

    @Test func aRecalledCommandComesBackAcrossSessions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = HistoryFile(path: folder.path + "/state/browse/history")
        try file.append("open films")
        try file.append("sort year desc")
        try file.append("sort year desc")
        #expect(try file.load().entries == ["open films", "sort year desc"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "a history is private")
    }

    @Test func theFileKeepsTheNewestThousandToo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = HistoryFile(path: folder.path + "/history")
        let old = (1...1_000).map { "g \($0)" }.joined(separator: "\n") + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: file.path))
        try file.append("q")
        let entries = try file.load().entries
        #expect(entries.count == 1_000)
        #expect(entries.first == "g 2")
        #expect(entries.last == "q")
    }

    @Test func twoSessionsWritingAtOnceLoseNothing() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/history"
        let perWriter = 150
        await withTaskGroup(of: Void.self) { group in
            for writer in ["a", "b"] {
                group.addTask {
                    // Each session has its own file handle and lock, as two processes would.
                    let file = HistoryFile(path: path)
                    for number in 1...perWriter { _ = try? file.append("\(writer) \(number)") }
                }
            }
        }
        let entries = try HistoryFile(path: path).load().entries
        #expect(entries.count == 2 * perWriter)
        for writer in ["a", "b"] {
            let own = entries.filter { $0.hasPrefix(writer + " ") }
            #expect(own == (1...perWriter).map { "\(writer) \($0)" }, "every command of session \(writer), in order")
        }
        let leftOver = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftOver.isEmpty)
    }

    @Test func whereTheHistoryIsKept() {
        #expect(
            HistoryFile.location(environment: ["HOME": "/home/ann"], program: "browse")?.path
                == "/home/ann/.local/state/browse/history")
        #expect(
            HistoryFile.location(
                environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "/var/state"], program: "browse")?.path
                == "/var/state/browse/history")
        #expect(
            HistoryFile.location(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "relative"], program: "browse")?
                .path
                == "/home/ann/.local/state/browse/history", "a relative XDG_STATE_HOME is ignored, as the spec says")
        #expect(
            HistoryFile.location(environment: ["HOME": "/home/ann", "BROWSE_HISTORY": ""], program: "browse") == nil,
            "turned off")
        #expect(HistoryFile.location(environment: ["BROWSE_HISTORY": "/tmp/h"], program: "browse")?.path == "/tmp/h")
        #expect(HistoryFile.location(environment: [:], program: "browse") == nil)
    }

    @Test @MainActor func upAndDownWalkTheHistoryAndKeepWhatWasTyped() {
        let history = ["open films", "sort year"]
        #expect(typing("\u{1B}[A", history: history).line == "sort year")
        #expect(typing("\u{1B}[A\u{1B}[A", history: history).line == "open films")
        #expect(typing("\u{10}\u{10}\u{10}", history: history).action == .bell, "nothing older")
        #expect(typing("/fo\u{1B}[A\u{1B}[B", history: history).line == "/fo", "↓ brings back the line being typed")
        #expect(typing("/fo\u{10}\u{0E}", history: history).line == "/fo", "Ctrl-P and Ctrl-N too")
    }

    @Test @MainActor func ctrlRSearchesBackwards() {
        let history = ["open films", "sort year", "open people", "n"]
        let found = typing("\u{12}open", history: history)
        #expect(found.line == "open people")
        let older = typing("\u{12}open\u{12}", history: history)
        #expect(older.line == "open films")
        #expect(typing("\u{12}open\u{12}\r", history: history).action == .accept("open films"))
        #expect(typing("\u{12}zzz", history: history).action == .bell)
        #expect(typing("/x\u{12}open\u{07}", history: history).line == "/x", "Ctrl-G gives the line back")
        let edited = typing("\u{12}year\u{1B}[F!", history: history)
        #expect(edited.line == "sort year!", "another key keeps the match to edit")
    }

    @Test func aHistoryOfMillionsOfLinesKeepsTheNewestInLinearTime() {
        let lines = (0..<2_000_000).map { "command \($0 / 2)" }
        let history = History(lines)
        #expect(history.entries.count == History.limit)
        #expect(history.entries.first == "command \(1_000_000 - History.limit)")
        #expect(history.entries.last == "command 999999", "a repeat of the line before is kept once")
    }
}
