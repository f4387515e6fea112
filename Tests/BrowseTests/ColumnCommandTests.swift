import Foundation
import Testing

/// The commands that pick, hide and scroll columns, and the first minute of a session, through
/// the built binary.
@Suite struct ColumnCommandTests {
    /// The screens of a `-c` run, split at the echoed commands.
    func screens(_ run: Run) -> [String] {
        run.stdout.components(separatedBy: "\n> ")
    }

    @Test func colsListsTheColumnsAndChoosingOneSortsByIt() throws {
        let run = try Browse.run(["films", "--width", "80", "-c", "cols; 2"])
        #expect(run.status == 0)
        let screens = screens(run)
        #expect(screens[1].contains("datasets › films › columns of films"))
        #expect(screens[1].contains("2  year      integer  shown"))
        #expect(screens[2].hasPrefix("2\ndatasets › films\n"), "choosing a column goes back to the list")
        #expect(screens[2].contains("sort year"))
    }

    @Test func hideShowAndOnlyLastThroughFilterSortAndPaging() throws {
        let run = try Browse.run([
            "films", "--width", "80", "-c", "hide director; /star; sort year desc; n; only year title; show director",
        ])
        let screens = screens(run)
        for screen in screens[1...3] {
            let header = screen.split(separator: "\n").first { $0.hasPrefix("#") } ?? ""
            #expect(header == "#  title                               year  episode", "hidden through filter and sort")
        }
        #expect(screens[5].contains("#  year  title\n"), "only shows these columns in this order")
        #expect(screens[6].contains("#  year  title                               director\n"), "show adds one back")
        #expect(run.stderr.contains("already on the last page"))
    }

    @Test func exportsLeaveOutWhatWasHiddenAndSaySo() throws {
        let run = try Browse.run(["films", "-c", "hide year episode; export csv"])
        #expect(run.stdout.contains("> export csv\ntitle,director\nStar Wars: A New Hope,George Lucas\n"))
        #expect(run.stderr.contains("the export leaves out year, episode, as chosen with hide or only"))
        let batch = try Browse.run(["films", "--columns", "year,ti", "--format", "csv"])
        #expect(batch.stdout.hasPrefix("year,title\n1977,Star Wars: A New Hope\n"))
        let narrow = try Browse.run(["films", "--width", "40", "--format", "csv"])
        #expect(narrow.stdout.hasPrefix("title,year,director,episode\n"), "columns off screen are exported")
    }

    @Test func greaterAndLessScrollTheColumnsSideways() throws {
        let run = try Browse.run(["films", "--width", "40", "-c", ">; >; <; <; <"])
        let screens = screens(run)
        #expect(screens[0].contains("1 more column\nscroll with > · cols lists them"))
        #expect(
            screens[1].contains("#  title              director  episode\n"), "the first column stays, the rest scroll")
        #expect(screens[1].contains("1 column scrolled past · back with <"))
        #expect(screens[3].contains("#  title"))
        #expect(run.stderr.contains("already at the first column"))
    }

    /// `show COL` of a column off the screen, to the right or scrolled past, scrolls as
    /// little as brings it in; one that cannot fit says so and leaves the scroll as it was.
    @Test func showScrollsAColumnOffTheScreenIntoView() throws {
        let run = try Browse.run([
            "films", "--width", "40", "-c", "show episode; show year; hide episode; >; show episode",
        ])
        let screens = screens(run)
        func header(_ screen: String) -> String {
            String(screen.split(separator: "\n").first { $0.hasPrefix("#") } ?? "")
        }
        #expect(!header(screens[0]).contains("episode"), "off the screen at first: \(screens[0])")
        #expect(header(screens[1]).contains("episode"), "brought in from the right: \(screens[1])")
        #expect(header(screens[1]).contains("director"), "scrolled one column, not to the last")
        #expect(header(screens[2]).contains("year"), "brought back from the left: \(screens[2])")
        #expect(header(screens[5]).contains("episode"), "hidden, then shown off the screen: \(screens[5])")

        let narrow = try Browse.run(["films", "--width", "20", "-c", "show director"])
        #expect(narrow.stderr.contains("director has no room beside the pinned columns at this width"))
        #expect(!self.screens(narrow)[1].contains("scrolled past"), "the scroll is left as it was")
    }

    @Test func theFirstMinute() throws {
        let run = try Browse.run(["--width", "80"], input: Data("\npeople\nopen films\nb\n".utf8))
        #expect(run.status == 0)
        let screens = screens(run)
        #expect(screens[0].hasSuffix("a number opens it · h for help\n"), "the dataset list says what to type")
        #expect(run.stderr.isEmpty, "an empty line does nothing: \(run.stderr)")
        #expect(screens[2].hasPrefix("people\ndatasets › people\n"), "a dataset's name opens it")
        #expect(screens[3].hasPrefix("open films\ndatasets › films\n"), "open starts a new trail")
        #expect(screens[4].hasPrefix("b\ndatasets\n"), "so b goes back to the dataset list")
    }

    @Test func aBadColumnSaysWhichColumnsThereAre() throws {
        let run = try Browse.run(["films", "-c", "hide nosuch; only; hide title year director episode"])
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "browse: no column \"nosuch\"; columns: title, year, director, episode",
                "browse: only needs an argument: only COLUMN… (cols lists them)",
                "browse: that would hide every column; show all brings them back",
            ])
    }
}
