/// The exchanges' industry classification (產業別): the two-digit codes in the 產業別 column of
/// mopsfin's t187ap03 files and TPEx's `SecuritiesIndustryCode`, with their Chinese names.
///
/// Where the table comes from: TWSE's "Key Points for Classifying and Adjusting Categories of
/// Industries of Listed Companies" (twse-regulation.twse.com.tw, FL007104) lists the categories
/// but not their codes. The code ↔ name pairs are the mapping that public projects reading
/// t187ap03 use (for example jiansoft/stock_crawler `etc/sql/stock_industry.sql` for 01–38, and
/// many openapi clients for 80 管理股票 and 91 存託憑證). The names are spelled as TWSE's ISIN
/// site writes them; that spelling was checked by joining the codes in the real t187ap03_O and
/// TPEx company files with the industry names in twstock's `tpex_equities.csv` (scraped from
/// the ISIN site): every code's companies carry the name below (`20` 其他業, `14` 建材營造業,
/// `16` 觀光餐旅, `33` 農業科技業, …). 910322 (康師傅-DR) in t187ap03_L confirms `91`.
/// Codes 07 and 13 were split in 2007 (into 21/22 and 24–31) and appear only in old data.
package enum TWSEIndustry {
    /// Industry names by two-digit code.
    package static let names: [String: String] = [
        "01": "水泥工業",
        "02": "食品工業",
        "03": "塑膠工業",
        "04": "紡織纖維",
        "05": "電機機械",
        "06": "電器電纜",
        "07": "化學生技醫療",
        "08": "玻璃陶瓷",
        "09": "造紙工業",
        "10": "鋼鐵工業",
        "11": "橡膠工業",
        "12": "汽車工業",
        "13": "電子工業",
        "14": "建材營造業",
        "15": "航運業",
        "16": "觀光餐旅",
        "17": "金融保險業",
        "18": "貿易百貨業",
        "19": "綜合",
        "20": "其他業",
        "21": "化學工業",
        "22": "生技醫療業",
        "23": "油電燃氣業",
        "24": "半導體業",
        "25": "電腦及週邊設備業",
        "26": "光電業",
        "27": "通信網路業",
        "28": "電子零組件業",
        "29": "電子通路業",
        "30": "資訊服務業",
        "31": "其他電子業",
        "32": "文化創意業",
        "33": "農業科技業",
        "34": "電子商務",
        "35": "綠能環保",
        "36": "數位雲端",
        "37": "運動休閒",
        "38": "居家生活",
        "80": "管理股票",
        "91": "存託憑證",
    ]

    /// The name of an industry code; a one-digit code is read as two (`"5"` is `05`).
    ///
    /// - Returns: The Chinese name, or `nil` for an unknown code.
    package static func name(forCode code: String) -> String? {
        // A code of one or two digits, as the lists write it, indexes a table: a list's columns
        // and filter ask for every company's industry, and hashing the code cost more.
        var number = 0
        var digits = 0
        for byte in code.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 2 else {
                digits = 0
                break
            }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        if digits > 0 { return namesByNumber[number] }
        let trimmed = code.trimming(" \u{3000}")
        return names[trimmed.count == 1 ? "0" + trimmed : trimmed]
    }

    /// ``names`` by the code's number, 0 to 99.
    private static let namesByNumber: [String?] = (0..<100).map { names[$0 < 10 ? "0\($0)" : "\($0)"] }
}
