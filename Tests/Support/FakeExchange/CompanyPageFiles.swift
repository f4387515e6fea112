import Foundation

/// The files a company's page asks for, made from the day-report fixtures for days of 2025 (the
/// fake exchange's latest trading day is 2025-03-04): each day's report of both markets with a
/// row of 2330 (上市) or 1240 (上櫃) first, FMTQIK's months for the trading days, and a year of
/// ex-dates of each.
///
/// 2330 goes ex-dividend on 2025-06-12 (close before 1,045.00, reference 1,040.50) and on
/// 2024-06-13; 1240 on 2025-06-04 (60.00, 58.50).
public enum CompanyPageFiles {
    /// The trading days the files hold a day report for, newest first.
    public static let days = ["20250304", "20250303", "20250227"]

    /// Writes the files into `folder` and returns them by the fake exchange's names.
    ///
    /// - Parameter fixtures: `Tests/TWStockTests/Fixtures`.
    public static func make(in folder: URL, fixtures: URL) throws -> [String: URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: URL] = [:]
        func write(_ name: String, _ text: String) throws {
            let url = folder.appendingPathComponent(name + ".json")
            try Data(text.utf8).write(to: url)
            files[name] = url
        }
        func sample(_ name: String) throws -> String {
            try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        }
        let reports: [(prefix: String, sample: String, row: String)] = [
            ("T86_", "T86_19fields_20230130_sample.json", twseFlows),
            ("TPEX_INSTI_", "tpex_insti_tables1_20230130_sample.json", tpexFlows),
            ("MI_MARGN_", "MI_MARGN_20230130_sample.json", twseMargin),
            ("TPEX_MARGIN_", "tpex_margin_20230130_sample.json", tpexMargin),
            ("BWIBBU_d_", "BWIBBU_d_20230130_sample.json", twseValuation),
            ("TPEX_PE_", "tpex_peQryDate_20230130_sample.json", tpexValuation),
        ]
        for (offset, day) in days.enumerated() {
            let roc = "\(Int(day.prefix(4)).map { $0 - 1911 } ?? 0)/\(day.dropFirst(4).prefix(2))/\(day.suffix(2))"
            for report in reports {
                var text = try sample(report.sample)
                text = text.replacingOccurrences(of: "\"20230130\"", with: "\"\(day)\"")
                text = text.replacingOccurrences(of: "\"112/01/30\"", with: "\"\(roc)\"")
                // The security's row first, its last figure telling the days apart.
                let row = report.row.replacingOccurrences(of: "DAY", with: String(offset + 1))
                guard let data = text.range(of: "\"data\":[", options: .backwards) else { continue }
                text.replaceSubrange(data, with: "\"data\":[\(row),")
                try write(report.prefix + day, text)
            }
        }
        try write("FMTQIK_202503", month("20250301", ["114/03/03", "114/03/04", "114/03/05"]))
        try write("FMTQIK_202502", month("20250201", ["114/02/26", "114/02/27"]))
        try write("TWT49U_20250101", twseYear("20250101", "20250630", "114年06月12日", "1,045.00", "1,040.50", "4.500000"))
        try write("TWT49U_20240101", twseYear("20240101", "20241231", "113年06月13日", "885.00", "881.00", "4.000000"))
        try write("TPEX_EXDAILY_20250101", tpexYear)
        return files
    }

    static let twseFlows =
        #"["2330","台積電          ","10,000","2,000","8,000","0","0","0","1,000","0","1,000","0","0","0","0","0","0","0","DAY,000"]"#
    static let tpexFlows =
        #"["1240","茂生農經        ","5,000","1,000","4,000","0","0","0","5,000","1,000","4,000","0","0","0","0","0","0","0","0","0","0","0","0","DAY,000"]"#
    static let twseMargin =
        #"["2330","台積電","100","50","0","20,000","20,050","1,000,000","0","10","0","500","51DAY","1,000,000","3"," "]"#
    static let tpexMargin =
        #"["1240","茂生農經","1,000","5","2","0","1,003","0","0.1","100,000","10","0","0","0","1DAY","0","0.0","100,000","0",""]"#
    static let twseValuation = #"["2330","台積電","1.5DAY",113,"20.10","5.60","113/4"]"#
    static let tpexValuation = #"["1240","茂生農經        ","3DAY.00","1.20",113,"2.00","1.40"]"#

    static func month(_ date: String, _ days: [String]) -> String {
        let rows = days.map { #"["\#($0)","4,000,000,000","200,000,000,000","1,500,000","22,000.00","10.00"]"# }
        return #"{"stat":"OK","date":"\#(date)","fields":["日期","成交股數","成交金額","成交筆數","發行量加權股價指數","漲跌點數"],"#
            + #""data":[\#(rows.joined(separator: ","))]}"#
    }

    static func twseYear(
        _ start: String, _ end: String, _ day: String, _ before: String, _ reference: String, _ value: String
    )
        -> String
    {
        #"{"stat":"OK","fields":["資料日期","股票代號","股票名稱","除權息前收盤價","除權息參考價","權值+息值","權/息","漲停價格","跌停價格","開盤競價基準","減除股利參考價","詳細資料","最近一次申報資料 季別/日期","最近一次申報每股 (單位)淨值","最近一次申報每股 (單位)盈餘"],"#
            + #""data":[["\#(day)","2330","台積電","\#(before)","\#(reference)","\#(value)","息","1,144.50","936.50","1,040.00","\#(reference)","2330,\#(end)","114年第1季","200.00","13.94"],"#
            + #"["\#(day)","1101","台泥","33.50","32.50","1.000000","息","35.75","29.25","32.50","32.50","1101,\#(end)","114年第1季","30.00","1.00"]],"#
            + #""strDate":"\#(start)","endDate":"\#(end)"}"#
    }

    static let tpexYear =
        #"{"date":"20250101~20250630","tables":[{"title":"","totalCount":1,"fields":["除權息日期","代號","名稱","除權息前收盤價","除權息參考價","權值","息值","權值+息值","權/息","漲停價","跌停價","開始交易基準價","減除股利參考價","現金股利","每仟股無償配股","現金增資股數","現金增資認購價","公開承銷股數","員工認購股數","原股東認購股數","按持股比例仟股認購"],"#
        + #""data":[["114/06/04","1240","茂生農經        ","60.00","58.50","0.000000","1.500000","1.500000","除息","64.30","52.70","58.50","58.50","1.50000000","0.00000000","0","0.00","0","0","0","0.00000000"]],"summary":[],"notes":[]}],"stat":"ok"}"#
}
