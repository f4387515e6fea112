import Foundation
import Testing

/// `chart` through the built binary: a screen of its own, over the view as filtered, in
/// braille or ASCII, exported as its points.
@Suite struct ChartCommandTests {
    @Test func aChartIsAScreenOfItsOwnOverTheView() throws {
        let run = try Browse.run(["people", "--width", "60", "-c", "where born > 1950; chart born; export csv; b"])
        #expect(run.status == 0, "\(run.stderr)")
        let screens = run.stdout.components(separatedBy: "\n> ")
        #expect(screens[2].contains("datasets › people › chart born"))
        #expect(screens[2].contains("born in the view's order · people · 6 rows · 1951 – 1981"), "where is respected")
        #expect(screens[2].contains("1981 ┤"), "the maximum labels the top row")
        #expect(screens[2].unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
        #expect(screens[3].hasPrefix("export csv\nrow,born\n1,1951\n2,1956\n"), "export writes the plotted points")
        #expect(screens[4].hasPrefix("b\ndatasets › people\n"), "b returns to the list")
    }

    @Test func asciiWhenAskedOrWhenTheLocaleIsNotUTF8() throws {
        for (arguments, environment) in [
            (["films", "--ascii"], [String: String]()), (["films"], ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""]),
        ] {
            let run = try Browse.run(arguments + ["--width", "60", "-c", "chart year"], environment: environment)
            let chart = run.stdout.components(separatedBy: "\n> ").last ?? ""
            #expect(chart.contains("2005 +"), "\(arguments) \(environment)")
            #expect(chart.contains("*"))
            #expect(!chart.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, "no braille")
        }
    }

    @Test func aChartOfAListWithoutNumbersIsOneClearLine() throws {
        let run = try Browse.run(["--width", "60", "-c", "chart; open films; chart title; chart year by title"])
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "browse: chart draws numbers, and datasets has no numeric column",
                "browse: title is not a numeric column; chart one of: year",
                "browse: title holds no numbers, dates or times; chart by a number, date or time column, or leave by out",
            ])
    }
}
