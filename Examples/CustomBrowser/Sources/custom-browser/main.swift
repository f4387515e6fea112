import Bookshelf
import Foundation
import LineMode
import ListKit

// A browser of our own: our datasets, ListKit's line-mode front end, our name everywhere. The
// book server's address is read here, where the program starts; the datasets are given it.
let library = ProcessInfo.processInfo.environment["CUSTOM_BROWSER_LIBRARY_URL"].flatMap { URL(string: $0) }
await Launcher.main(
    identity: ProgramIdentity(
        name: "custom-browser", version: "1.0.0", summary: "the books on our shelf, one command per line"),
    datasets: [BookshelfDataset(), LibraryDataset(server: library)])
