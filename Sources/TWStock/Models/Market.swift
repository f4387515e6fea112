/// The Taiwan market a security trades on.
package enum Market: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// 上市: the Taiwan Stock Exchange (TWSE) main board.
    case listed
    /// 上櫃: the Taipei Exchange (TPEx) over-the-counter market.
    case otc
    /// 興櫃: the TPEx emerging stock board.
    case emerging

    /// The Chinese name the exchanges use: 上市, 上櫃 or 興櫃.
    package var title: String {
        switch self {
        case .listed: return "上市"
        case .otc: return "上櫃"
        case .emerging: return "興櫃"
        }
    }

    /// The suffix of the mopsfin company file for this market: `L`, `O` or `R`
    /// (`t187ap03_L.csv`, `t187ap03_O.csv`, `t187ap03_R.csv`).
    package var fileSuffix: String {
        switch self {
        case .listed: return "L"
        case .otc: return "O"
        case .emerging: return "R"
        }
    }

    /// Reads a market from its Chinese name, `上市`, `上櫃` or `興櫃` (also `興櫃一般板`).
    ///
    /// Returns `nil` for anything else.
    package init?<S: StringProtocol>(title: S) {
        let text = FieldText.clean(String(title)) ?? ""
        if text == "上市" {
            self = .listed
        } else if text == "上櫃" {
            self = .otc
        } else if text.hasPrefix("興櫃") {
            self = .emerging
        } else {
            return nil
        }
    }

    /// The Chinese name, as ``title``.
    package var description: String { title }
}
