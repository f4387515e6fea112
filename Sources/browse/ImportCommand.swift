import Foundation
import LineMode
import ListKit
import TWStock

/// `browse import FILE… [--date yyyy-mm-dd] [--cache-dir DIR]`: adds hand-downloaded TWSE/MOPS
/// files to the cache. Exit 0 when at least one file was imported, 1 when none, 2 for usage.
enum ImportCommand {
    static func run(_ arguments: [String], environment: [String: String]) -> ExitCode {
        var paths: [String] = []
        var date: CalendarDate?
        var cacheDirectory: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--date", "--cache-dir":
                guard index + 1 < arguments.count else { return usage("\(argument) needs a value") }
                index += 1
                if argument == "--date" {
                    guard let parsed = CalendarDate(iso: arguments[index]) else {
                        return usage("--date \(arguments[index]): give the trading date as yyyy-mm-dd")
                    }
                    date = parsed
                } else {
                    cacheDirectory = arguments[index]
                }
            case "-h", "--help":
                print("usage: browse import FILE… [--date yyyy-mm-dd] [--cache-dir DIR]")
                return .success
            default:
                if argument.hasPrefix("-"), argument != "-" { return usage("unknown option \(argument) for import") }
                paths.append(argument)
            }
            index += 1
        }
        guard !paths.isEmpty else { return usage("import needs files: browse import FILE… [--date yyyy-mm-dd]") }
        let context = DatasetContext(
            cacheDirectory: CacheLocation.resolve(explicit: cacheDirectory, environment: environment),
            now: Launcher.clock(environment: environment), environment: environment)
        let store: MarketDataStore
        do {
            store = try MarketDataStore.shared(for: context)
        } catch {
            return usage(error.description)
        }
        var imported = 0
        for outcome in Importer(store: store).importFiles(paths, date: date) {
            switch outcome {
            case .imported(let path, let kind, let records, let skipped):
                imported += 1
                print("imported \(path): \(kind), \(ExactDecimal(Int64(records)).formatted(grouping: true)) records")
                for issue in skipped {
                    FileHandle.standardError.write(Data("browse: \(path): \(issue)\n".utf8))
                }
            case .refused(let path, let reason):
                FileHandle.standardError.write(Data("browse: not imported \(path): \(reason)\n".utf8))
            }
        }
        let total = paths.count
        FileHandle.standardError.write(
            Data(
                "browse: imported \(imported) of \(total) file\(total == 1 ? "" : "s") into \(context.cacheDirectory.path)\n"
                    .utf8))
        return imported > 0 ? .success : .failure
    }

    private static func usage(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("browse: \(message)\n".utf8))
        return .usage
    }
}
