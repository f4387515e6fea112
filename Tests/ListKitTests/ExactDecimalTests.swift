import BrowseSupport
import ListKit
import Testing

@Suite struct ExactDecimalTests {
    @Test func keepsTheExchangesDecimals() throws {
        #expect(try #require(ExactDecimal("1,045.00")).description == "1045.00")
        #expect(try #require(ExactDecimal("-20.0000")).description == "-20.0000")
        #expect(try #require(ExactDecimal("+0.30")).description == "0.30")
        #expect(try #require(ExactDecimal(" 0.00")).description == "0.00")
        #expect(try #require(ExactDecimal("259327332420")).description == "259327332420")
    }

    @Test func groupsThousandsWhenAsked() throws {
        #expect(try #require(ExactDecimal("259327332420")).formatted(grouping: true) == "259,327,332,420")
        #expect(try #require(ExactDecimal("-1045.5")).formatted(grouping: true) == "-1,045.5")
        #expect(try #require(ExactDecimal("0.05")).formatted(grouping: true) == "0.05")
    }

    @Test(arguments: ["", "--", "X0.00", "1,2", "12,3456", "1.2.3", "abc", "+", "1,", "99999999999999999999"])
    func rejectsWhatIsNotANumber(_ text: String) {
        #expect(ExactDecimal(text) == nil)
    }

    @Test func comparesNumericallyAcrossScales() throws {
        let a = try #require(ExactDecimal("1.5"))
        let b = try #require(ExactDecimal("1.50"))
        let c = try #require(ExactDecimal("10"))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a < c)
        #expect(try #require(ExactDecimal("-20.0000")) < a)
    }
}
