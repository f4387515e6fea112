/// The text of `browse --help`.
enum ProgramHelp {
    static func usage(datasetOptions: [Invocation.DatasetOption]) -> String {
        var text = """
            browse — browse lists in the terminal: datasets, CSV/TSV/JSON files and URLs

            usage:
              browse [NAME] [options]              a session (at the dataset list, or in NAME)
              browse NAME --format FMT             print the whole view and exit
              browse NAME --filter TEXT --sort COL[:desc] [--format FMT]
              browse --list                        list the datasets

            options:
              --format table|csv|tsv|json|markdown   print the view in this format and exit
              --filter TEXT                          keep rows containing TEXT (prints and exits)
              --sort COL[:desc]                      sort by a column (prints and exits)
              -c 'CMD; CMD'                          run these session commands, then exit
              --width N                              fit N columns (default: the terminal, COLUMNS, or 80)
              --page-size N                          rows per page (default: the terminal's height, or 20)
              --cache-dir DIR                        where downloads are cached (default ~/.cache/browse)
              --offline                              use cached data only
              --list                                 list the datasets
              -h, --help                             this help
              --version                              the version

            """
        if !datasetOptions.isEmpty {
            text += "dataset options:\n"
            for option in datasetOptions {
                text += "  " + option.usage.padding(toLength: 39) + "\n"
            }
            text += "\n"
        }
        text += """
            In a session, type h for the commands. For line editing and history, run it under
            rlwrap: rlwrap browse. Exit status: 0 ok, 1 failure, 2 usage, 130 interrupted.

            """
        return text
    }
}
