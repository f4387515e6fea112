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

    /// Numbers of the usual form are read a run of digits at a time; every text must read as the
    /// byte-by-byte parser reads it, the same units and scale or `nil` alike.
    @Test(arguments: [true, false])
    func readsEveryTextAsTheByteByByteParserDoes(allowsGrouping: Bool) {
        let alphabet = Array("0123456789012345678901234567890123456789,,,..+- x".utf8)
        var state: UInt64 = allowsGrouping ? 3 : 5
        var disagreements: [String] = []
        for _ in 0..<200_000 {
            // A small xorshift, so that every run tries the same texts.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let length = Int(state % 24)
            var bytes: [UInt8] = []
            var bits = state
            for _ in 0..<length {
                bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(bits >> 33) % alphabet.count])
            }
            let fast = ExactDecimal(utf8: bytes, allowsGrouping: allowsGrouping)
            let slow = ExactDecimal(byteByByte: bytes, allowsGrouping: allowsGrouping)
            if fast?.units != slow?.units || fast?.scale != slow?.scale {
                disagreements.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for text in ["1,234,567.89", "-0.5", "+12", "123456789012345678", "1234567890123456789", "0.000000000001"] {
            let bytes = Array(text.utf8)
            let fast = ExactDecimal(utf8: bytes, allowsGrouping: allowsGrouping)
            let slow = ExactDecimal(byteByByte: bytes, allowsGrouping: allowsGrouping)
            if fast?.units != slow?.units || fast?.scale != slow?.scale { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty)
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

    @Test func comparesNumbersOfOneScaleByTheirUnits() throws {
        let texts = ["-1.05", "-1.04", "0.00", "1.04", "1.05", "495.94"]
        let numbers = try texts.map { try #require(ExactDecimal($0)) }
        for (left, right) in zip(numbers, numbers.dropFirst()) {
            #expect(left < right)
            #expect(!(right < left))
        }
        #expect(!(numbers[1] < numbers[1]))
    }
}
