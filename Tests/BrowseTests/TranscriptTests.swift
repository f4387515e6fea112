import Foundation
import Testing

/// Runs the built binary as a person or a script would and compares everything it prints.
@Suite struct TranscriptTests {
    func check(_ name: String, _ arguments: [String], input: String? = nil) throws -> Run {
        let run = try Browse.run(arguments, input: Data((input ?? "").utf8))
        try assertSnapshot(run.transcript(arguments: arguments, input: input), named: name)
        return run
    }

    @Test func filmsSessionShowsTheListADetailAndAFilter() throws {
        let run = try check("films-session", ["--width", "80"], input: "open films\n2\nb\n/jedi\nq\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Star Wars: The Empire Strikes Back\n  year      1980"))
        #expect(run.stdout.contains("rows 1–1 of 1 · filter \"jedi\" (6 in all) · page 1/1"))
    }

    @Test func startingInADatasetAndStepping() throws {
        let run = try check(
            "people-session", ["people", "--width", "60", "--page-size", "3"],
            input: "n\nn\nn\n2\nn\np\nb\nsort name desc\nhome\nq\n")
        #expect(run.status == 0)
        #expect(run.stderr == "browse: already on the last page\n")
    }

    @Test func filmsAsJSONIsValidJSON() throws {
        let run = try check("films-json", ["films", "--format", "json"])
        #expect(run.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let films = try #require(parsed as? [[String: Any]])
        #expect(films.count == 6)
        #expect(films.first?["year"] as? Int == 1977)
        #expect(run.stderr.isEmpty)
    }

    @Test func peopleFilteredAsCSVIsAHeaderAndTheMatch() throws {
        let run = try check("people-filter-csv", ["people", "--filter", "ford", "--format", "csv"])
        #expect(run.stdout == "name,played,born\nHarrison Ford,Han Solo,1942\n")
        #expect(run.status == 0)
    }

    @Test func batchFormats() throws {
        _ = try check("films-sorted-table", ["films", "--sort", "year:desc"])
        _ = try check("films-markdown", ["films", "--format", "markdown"])
        _ = try check("people-tsv", ["people", "--format", "tsv", "--filter", "a"])
    }

    @Test func commandsFromDashC() throws {
        let run = try check("dash-c", ["films", "-c", "sort year desc; 1; n; export csv; b; export csv"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("> export csv\nfield,value\ntitle,Star Wars: Clone Wars\nyear,2003\n"))
        let sorted = [
            "title,year,director,episode", "Star Wars: Revenge of the Sith,2005,George Lucas,Episode III",
            "Star Wars: Clone Wars,2003,Genndy Tartakovsky,animated micro-series",
            "Star Wars: The Phantom Menace,1999,George Lucas,Episode I",
            "Star Wars: Return of the Jedi,1983,Richard Marquand,Episode VI",
            "Star Wars: The Empire Strikes Back,1980,Irvin Kershner,Episode V",
            "Star Wars: A New Hope,1977,George Lucas,Episode IV",
        ]
        #expect(run.stdout.hasSuffix(sorted.joined(separator: "\n") + "\n"))
    }

    @Test func listHelpAndVersion() throws {
        let list = try check("list", ["--list"])
        let lines = list.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
        #expect(lines.first?.first == "companies")
        #expect(lines.first?.last?.trimmingCharacters(in: .whitespaces).hasPrefix("Taiwan companies") == true)
        #expect(lines.contains { $0.first == "people" && $0.last?.contains("Star Wars people") == true })
        let help = try Browse.run(["--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("rlwrap"), "the prompt edits by itself")
        #expect(help.stdout.contains("BROWSE_HISTORY= turns it off"))
        let version = try Browse.run(["--version"])
        #expect(version.stdout.hasPrefix("browse "))
    }

    @Test func outputIsTheSameOnEveryRun() throws {
        let input = "open films\n3\nb\nsort year desc\nexport json\nq\n"
        let first = try Browse.run(["--width", "70"], input: input)
        let second = try Browse.run(["--width", "70"], input: input)
        #expect(first.stdout == second.stdout)
        #expect(first.stderr == second.stderr)
    }
}
