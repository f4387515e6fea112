import Bookshelf
import LineMode
import ListKit

// A browser of our own: our datasets, ListKit's line-mode front end, our name everywhere.
await Launcher.main(
    identity: ProgramIdentity(
        name: "custom-browser", version: "1.0.0", summary: "the books on our shelf, one command per line"),
    datasets: [BookshelfDataset(), LibraryDataset()])
