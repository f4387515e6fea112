// The values every dataset uses (`ExactDecimal`, `CalendarDate`, `TextFolding`) live in the
// module at the bottom of the package, so that the download client and the parsers can use them
// without the list framework; a plug-in that imports ListKit gets them with it.
@_exported import BrowseSupport
