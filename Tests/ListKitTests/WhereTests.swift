import BrowseSupport
import ListKit
import Testing

/// The `where` language: parsing, errors that point at the mistake, and evaluation checked
/// against a plain reference over random rows.
@MainActor
@Suite struct WhereTests {
    struct Trade: Identifiable, Sendable {
        let id: Int
        let code: String
        let name: String
        let close: Int?  // hundredths
        let day: Int?  // days since 2016-01-01
        let market: String
    }

    static let columns = [
        Column("code", kind: .code), Column("name"), Column("close", kind: .decimal), Column("date", kind: .date),
        Column("market"),
    ]

    static func date(_ day: Int) -> CalendarDate {
        var date = CalendarDate(clamping: 2016, month: 1, day: 1)
        for _ in 0..<day {
            let days = CalendarDate.daysInMonth(year: date.year, month: date.month)
            if date.day < days {
                date = CalendarDate(clamping: date.year, month: date.month, day: date.day + 1)
            } else if date.month < 12 {
                date = CalendarDate(clamping: date.year, month: date.month + 1, day: 1)
            } else {
                date = CalendarDate(clamping: date.year + 1, month: 1, day: 1)
            }
        }
        return date
    }

    func screen(_ trades: [Trade]) -> GenericListController<Trade, ColumnsRow> {
        GenericListController(title: "trades", items: trades, columns: Self.columns) { row, trade in
            row["code"] = .text(trade.code)
            row["name"] = .text(trade.name)
            row["close"] = .decimal(trade.close.map { ExactDecimal(units: Int64($0), scale: 2) })
            row["date"] = .date(trade.day.map(Self.date))
            row["market"] = .text(trade.market)
        } select: { _ in
            .none
        }
    }

    @Test func precedenceQuotesAndPrefixes() throws {
        let expression = try WhereParser.parse(
            "clo > 5 or \"name\" ~ 積 and not (mark = 上櫃)", columns: Self.columns)
        #expect(expression.description == "close > 5 or name ~ 積 and not market = 上櫃")
        guard case .or(_, .and(_, .not)) = expression else {
            Issue.record("and binds tighter than or: \(expression)")
            return
        }
        #expect(
            try WhereParser.parse("name = \"a \"\"b\"\"\"", columns: Self.columns).description
                == "name = \"a \"\"b\"\"\"")
        #expect(
            try WhereParser.parse("date is not missing", columns: Self.columns).description == "date is not missing")
    }

    @Test(arguments: [
        ("close >> 5", "expected a value after > (at character 8)"),
        ("close > abc", "close holds numbers; abc is not one (at character 9)"),
        ("date < 2016-13-01", "date holds dates; give yyyy-mm-dd, not 2016-13-01 (at character 8)"),
        ("nope = 1", "no column \"nope\"; columns: code, name, close, date, market (at character 1)"),
        ("c = 1", "\"c\" could be code, close (at character 1)"),
        ("close = 1 and", "expected a column (at character 14)"),
        ("(close = 1", "expected ) to close the ( at 1 (at character 11)"),
        ("name = \"open", "a quote is never closed (at character 8)"),
        ("close 5", "expected =, !=, <, <=, >, >=, ~ or !~ after close, found 5 (at character 7)"),
        ("close = 1 market = 2", "expected and, or or the end, found market (at character 11)"),
    ])
    func mistakesPointAtTheError(_ text: String, _ message: String) {
        do {
            _ = try WhereParser.parse(text, columns: Self.columns)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "(", count: 100_000) + "close = 1" + String(repeating: ")", count: 100_000)
        #expect(throws: WhereError.self) { try WhereParser.parse(deep, columns: Self.columns) }
        let nots = String(repeating: "not ", count: 100_000) + "close = 1"
        #expect(throws: WhereError.self) { try WhereParser.parse(nots, columns: Self.columns) }
    }

    @Test func evaluationAgreesWithAReferenceOnRandomRows() throws {
        var random = SystemRandomNumberGenerator()
        let names = ["台積電", "鴻海", "元大台灣50", "ＡＢＣ", "abc", "聯發科"]
        let trades = (0..<400).map { id in
            Trade(
                id: id, code: String(format: "%04d", Int.random(in: 0...9999, using: &random)),
                name: names.randomElement(using: &random) ?? "",
                close: Bool.random(using: &random)
                    ? Int.random(in: -500...200_000, using: &random) : nil,
                day: Bool.random(using: &random) ? Int.random(in: 0...4000, using: &random) : nil,
                market: ["上市", "上櫃"].randomElement(using: &random) ?? "")
        }
        let list = screen(trades)
        // Each condition with its reference: what a person means by it, written over the raw values.
        let cases: [(String, (Trade) -> Bool)] = [
            ("close > 500", { ($0.close ?? Int.min) > 50_000 }),
            ("close <= -1.5", { $0.close.map { $0 <= -150 } ?? false }),
            ("close != 1,000", { $0.close != 100_000 }),
            ("date >= 2020-01-01 and close < 1000", { ($0.day ?? -1) >= 1461 && ($0.close ?? Int.max) < 100_000 }),
            ("name ~ abc", { $0.name == "ＡＢＣ" || $0.name == "abc" }),
            ("name = ABC", { $0.name == "ＡＢＣ" || $0.name == "abc" }),
            ("mark = 上櫃 or not clo is missing", { $0.market == "上櫃" || $0.close != nil }),
            (
                "date is missing and (name !~ 台 or market = 上市)",
                {
                    $0.day == nil && (!$0.name.contains("台") || $0.market == "上市")
                }
            ),
            ("code < 5000", { $0.code < "5000" }),
        ]
        for (text, reference) in cases {
            try list.applyWhere(try WhereParser.parse(text, columns: list.columns))
            let expected = trades.filter(reference).map(\.id)
            var got: [Int] = []
            for index in 0..<list.count { got.append(list.item(at: index).id) }
            #expect(got == expected, "where \(text)")
            #expect(list.totalCount == trades.count)
        }
        try list.applyWhere(nil)
        #expect(list.count == trades.count, "where alone clears")
    }

    /// A reader that has each row's values in an array, one for each of the expression's
    /// columns in order, gets the answer the rows themselves give: a side left unread does not
    /// shift the comparisons after it, and a column named twice is read at each place.
    @Test func theMatcherByPositionAgreesWithTheExpression() throws {
        var random = SystemRandomNumberGenerator()
        let texts = [
            "close > 500", "close > 500 and market = 上櫃", "(market = 上櫃 and close < 0) or close > 1000",
            "not (market = 上市 or name ~ 台) and close >= 25",
            "market = 上市 and (close > 0 or date < 2020-01-01) and name ~ 台",
            "not not (date is missing or code < 5000)", "close > 1000 or close < -1",
            "close <= 0.25 and close >= 0", "close != -0.5", "name !~ 台 and name >= abc", "name = ＡＢＣ or code >= 5000",
        ]
        let names = ["台積電", "鴻海", "ＡＢＣ", "abc"]
        let dates = (0..<40).map { Self.date($0 * 100) }
        // Half the closes on a few values near zero, so that bounds are met exactly.
        func units() -> Int64 {
            Bool.random(using: &random)
                ? Int64.random(in: -4...4, using: &random) * 25 : Int64.random(in: -500...200_000, using: &random)
        }
        for text in texts {
            let expression = try WhereParser.parse(text, columns: Self.columns)
            let matcher = expression.positionalMatcher
            var kept = 0
            for _ in 0..<300 {
                let cells: [String: CellValue] = [
                    "code": .text(String(format: "%04d", Int.random(in: 0...9999, using: &random))),
                    "name": .text(names.randomElement(using: &random) ?? ""),
                    "close": Bool.random(using: &random)
                        ? .decimal(ExactDecimal(units: units(), scale: 2))
                        : .missing,
                    "date": Bool.random(using: &random)
                        ? .date(dates.randomElement(using: &random) ?? dates[0]) : .missing,
                    "market": .text(Bool.random(using: &random) ? "上市" : "上櫃"),
                ]
                let byPosition = expression.columns.map { cells[$0.name] ?? .missing }
                let expected = expression.matches { cells[$0.name] ?? .missing }
                #expect(matcher.matches(byPosition: { byPosition[$0] }) == expected, "where \(text)")
                if expected { kept += 1 }
            }
            // Both answers occur, so agreeing says something.
            #expect(kept > 0 && kept < 300, "where \(text) kept \(kept) of 300")
        }
    }

    @Test func whereAndTheFilterNarrowTogether() throws {
        let list = screen([
            Trade(id: 1, code: "2330", name: "台積電", close: 104_500, day: 10, market: "上市"),
            Trade(id: 2, code: "2317", name: "鴻海", close: 18_050, day: 10, market: "上市"),
            Trade(id: 3, code: "6488", name: "環球晶", close: 40_000, day: 10, market: "上櫃"),
        ])
        try list.applyWhere(try WhereParser.parse("close > 200", columns: list.columns))
        try list.applyFilter("上市")
        #expect(list.count == 1)
        #expect(list.item(at: 0).code == "2330")
        try list.applyFilter("")
        #expect(list.count == 2)
    }

    @Test func aNumberWithAnExponentIsExact() throws {
        func value(_ text: String) throws -> CellValue? {
            guard case .comparison(let comparison) = try WhereParser.parse("close > \(text)", columns: Self.columns)
            else { return nil }
            return comparison.value
        }
        #expect(try value("1e2") == .decimal(ExactDecimal(100)))
        #expect(try value("2.5E-3") == .decimal(ExactDecimal(units: 25, scale: 4)))
        #expect(try value("-4e+6") == .decimal(ExactDecimal(-4_000_000)))
        #expect(try value("100e-14") == .decimal(ExactDecimal(units: 1, scale: 12)), "trailing zeros pay for decimals")
        #expect(try value("0e99") == .decimal(ExactDecimal(0)))
        for text in ["1e-13", "1e19", "1e9999", "1e", "e5", "1e2.5", "1,000e2"] {
            #expect(throws: WhereError.self, "\(text)") {
                try WhereParser.parse("close > \(text)", columns: Self.columns)
            }
        }
    }
}

/// A `where` error quotes what was typed briefly, so a long line gives one short line (a fuzzing
/// finding: a 300-character name was quoted whole).
@Suite struct WhereErrorLengthTests {
    @Test func aLongNameOrValueIsQuotedBriefly() {
        let columns = [Column("close", kind: .decimal), Column("date", kind: .date)]
        let long = String(repeating: "x", count: 300)
        for text in [long + " > 1", "close > " + long, "date = " + long, "close > 1 " + long, "close " + long] {
            do {
                _ = try WhereParser.parse(text, columns: columns)
                Issue.record("\(text.prefix(20))… parsed")
            } catch {
                #expect(error.description.count < 160, "\(error.description)")
                #expect(error.description.contains("…"))
            }
        }
    }
}
