import Foundation
import Testing

/// `where`, `freq` and `stats` through the built binary, in a session and in batch.
@Suite struct QueryCommandTests {
    @Test func whereNarrowsTheViewAndSaysSo() throws {
        let run = try Browse.run([
            "films", "--width", "100", "-c", "where year >= 1999 and dir ~ lucas; sort year desc",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("where year >= 1999 and director ~ lucas (6 in all)"))
        #expect(
            run.stdout.hasSuffix(
                "1  Star Wars: Revenge of the Sith  2005  George Lucas  Episode III\n"
                    + "2  Star Wars: The Phantom Menace   1999  George Lucas  Episode I\n"
                    + "rows 1–2 of 2 · where year >= 1999 and director ~ lucas (6 in all) · sort year desc · page 1/1\n"
            ))
    }

    @Test func aBadConditionIsOneLineThatPointsAtTheMistake() throws {
        let session = try Browse.run(["films", "-c", "where year >> 5; where title ="])
        #expect(session.status == 1)
        #expect(
            session.stderr.split(separator: "\n") == [
                "browse: expected a value after > (at character 7)",
                "browse: expected a value after = (at character 8)",
            ])
        let batch = try Browse.run(["films", "--where", "year >> 5"])
        #expect(batch.status == 2)
        #expect(batch.stderr == "browse: expected a value after > (at character 7)\n")
    }

    @Test func whereInBatchPrintsTheRowsThatSatisfyIt() throws {
        let run = try Browse.run(["people", "--where", "born < 1955 and played !~ luke", "--format", "csv"])
        #expect(run.stdout == "name,played,born\nHarrison Ford,Han Solo,1942\nLiam Neeson,Qui-Gon Jinn,1952\n")
    }

    @Test func freqCountsAndChoosingAValueNarrowsTheList() throws {
        let run = try Browse.run(["films", "--width", "80", "-c", "freq director; 1"])
        let screens = run.stdout.components(separatedBy: "\n> ")
        #expect(screens[1].contains("datasets › films › freq director"))
        #expect(screens[1].contains("1  George Lucas            3    50.00"))
        #expect(screens[2].contains("rows 1–3 of 3 · where director = \"George Lucas\" (6 in all)"))
    }

    @Test func statsSummarisesEachColumn() throws {
        let run = try Browse.run(["people", "--width", "100", "-c", "stats"])
        #expect(run.stdout.contains("datasets › people › stats of people"))
        let born = run.stdout.split(separator: "\n").first { $0.hasPrefix("3  born") } ?? ""
        #expect(born.hasPrefix("3  born    integer        0         6  1942"), "missing, distinct, min")
        #expect(born.hasSuffix("1981             1,962.00  13,734"), "max, an exact mean and sum")
    }

    @Test func aNumberWithAnExponentIsReadExactly() throws {
        let run = try Browse.run([
            "people", "--where", "born > 1.95e3 and born < 19.6E2 or born = 1942e0", "--format", "csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "name,played,born\nMark Hamill,Luke Skywalker,1951\nHarrison Ford,Han Solo,1942\n"
                + "Carrie Fisher,Leia Organa,1956\nLiam Neeson,Qui-Gon Jinn,1952\n")
        let tooSmall = try Browse.run(["people", "--where", "born > 1e-40"])
        #expect(tooSmall.status == 2)
        #expect(
            tooSmall.stderr
                == "browse: born holds numbers; 1e-40 is too large, or has more than 12 decimals, to compare exactly "
                + "(at character 8)\n")
    }
}
