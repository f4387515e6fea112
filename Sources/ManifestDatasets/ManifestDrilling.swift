import BrowseSupport
import FileDatasets
import Foundation
import ListKit
import ListKitNetworking

/// What choosing a row of a manifest dataset does: opens the dataset its drill names, narrowed
/// by the `where` with the row's values in its holes, or the URL its drill builds.
@MainActor
struct ManifestDrilling {
    let drill: ManifestDrill
    let lookup: DatasetLookup
    let context: DatasetContext

    func selection(for cells: [NamedCell]) throws -> Selection? {
        func value(_ column: String) -> String { cells.first { $0.name == column }?.cell.text ?? "" }
        let title = (try? drill.title.map(RowTemplate.init))??.render(value) ?? cells.first?.cell.text ?? "row"
        if let target = drill.dataset {
            guard let dataset = lookup.dataset(target) else {
                throw DrillError.noDataset(target)
            }
            let condition = try drill.where.map { text in try RowTemplate(text).renderWhere(value) }
            let context = self.context
            return .pending(title: "\(dataset.id) for \(title)") { progress in
                let screen = try dataset.makeRootScreen(context: context)
                await screen.load(force: false, progress: progress)
                if case .failed(let failure) = screen.state { throw DrillError.targetFailed(dataset.id, failure) }
                if let condition {
                    let expression: WhereExpression
                    do throws(WhereError) {
                        expression = try WhereParser.parse(condition, columns: screen.columns)
                    } catch {
                        throw DrillError.badWhere(dataset.id, condition, error.description)
                    }
                    try screen.applyWhere(expression)
                }
                return .push(screen)
            }
        }
        guard let template = drill.url else { return nil }
        let address = try RowTemplate(template).render { column in
            value(column).addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryValueAllowed) ?? ""
        }
        guard let url = URL(string: address), url.host != nil else { throw DrillError.badURL(address) }
        let options = try ManifestRules.fileOptions(
            format: drill.format, delimiter: nil, encoding: nil, header: nil, table: drill.table, fields: drill.fields)
        let recipe = TableRecipe(name: title, input: .location(.url(HTTPClient.normalized(url))), options: options)
        let freshness = drill.freshness.flatMap(DownloadFreshness.init(parsing:)) ?? ManifestDataset.defaultFreshness
        let context = self.context
        return .push(
            recipe.screen(
                fetcher: { request in
                    CachingFetcher(context: context, request: request, key: "manifests/drill", freshness: freshness)
                }, maxInputBytes: context.maxInputBytes))
    }
}

extension CharacterSet {
    /// What may stand unescaped in a query value: unreserved characters only, so `&`, `=`,
    /// `?`, `/` and `#` in a row's value never change the URL's shape.
    static let urlQueryValueAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// Why a drill could not open what it names.
enum DrillError: UserFacingError, Hashable {
    case noDataset(String)
    case targetFailed(String, FailedLoad)
    case badWhere(String, String, String)
    case badURL(String)

    var description: String {
        switch self {
        case .noDataset(let id): return "the drill opens \(id), which is not a dataset of this program"
        case .targetFailed(let id, let failure): return "\(id) did not load: \(failure)"
        case .badWhere(let id, let condition, let reason): return "the drill's where on \(id) (\(condition)): \(reason)"
        case .badURL(let address): return "the drill made \(PasswordRedaction.redacting(address)), which is not a URL"
        }
    }
}
