import BrowseSupport
import ListKit

extension Session {
    func execute(_ command: Command) async throws -> Step {
        guard let overlay = textOverlay else { return try await run(command) }
        switch command {
        case .nextPage, .previousPage, .page, .lastPage:
            try turnTextPage(command)
            return .proceed
        case .back:
            textOverlay = nil
            show()
            return .proceed
        default:
            // Any other command is for the screen under the text: it goes back there and runs.
            textOverlay = nil
            let drawn = drawCount
            do {
                return try await run(command)
            } catch {
                // Nothing was drawn: the text is still what the person sees.
                if drawCount == drawn, textOverlay == nil { textOverlay = overlay }
                throw error
            }
        }
    }

    private func run(_ command: Command) async throws -> Step {
        try checkData(before: command)
        if let list = currentList, list.waitsForAllRowsBeforeQueries, needsAllRows(command, of: list) {
            try await waitForAllRows(of: list, before: command.name)
        }
        if command.worksOverRows, !SystemMemory.isAvailable(SessionError.memoryHeadroom) {
            throw SessionError.lowOnMemory(command.name)
        }
        switch command {
        case .quit:
            return .quit
        case .help:
            let commands = currentList?.commands ?? []
            let anywhere = registry.commands
            showText("help") { width in HelpText.session(commands: commands, anywhere: anywhere, width: width) }
        case .commandHelp(let name):
            let screen = stack.screens.reversed().flatMap(Self.commands(of:))
            let registry = self.registry
            // Asked once here, so that a name no command has fails the command.
            _ = try HelpText.command(named: name, screen: screen, registry: registry, width: options.width)
            showText("help " + name) { width in
                (try? HelpText.command(named: name, screen: screen, registry: registry, width: width)) ?? ""
            }
        case .list:
            let registry = self.registry
            showText("ls") { _ in HelpText.datasets(registry) }
        case .back:
            if stack.pop() { show() } else { notify("already at the dataset list") }
        case .home:
            stack.home()
            show()
        case .open(let text):
            let arguments = try OpenArguments.parse(text, declared: resolver.declaredOptions)
            var context = self.context
            context.options = context.options.merging(arguments.options)
            await open(try resolver.screen(for: arguments.name, context: context))
        case .export(let format, let path):
            try await export(format, to: path)
        case .refresh:
            let list = try requireList("r")
            await load(list, force: true)
            show()
        case .select(let row):
            try await select(row: row)
        case .nextPage, .previousPage:
            try await turnPage(forward: command == .nextPage)
        case .page where shownTextPage != nil, .lastPage where shownTextPage != nil:
            try turnTextPage(command)
        case .lastPage:
            let list = try requireList("G")
            let size = pageSize(for: list)
            let page = Paging(count: list.count, pageSize: size, position: list.position)
            if page.number == page.pageCount {
                notify("already on the last page")
            } else {
                list.move(to: (page.pageCount - 1) * size)
                show()
            }
        case .page(let number):
            let list = try requireList("g")
            let size = pageSize(for: list)
            guard let start = Paging.start(ofPage: number, count: list.count, pageSize: size) else {
                let pages = Paging(count: list.count, pageSize: size, position: 0).pageCount
                throw SessionError.noSuchPage(number, pages: pages)
            }
            list.move(to: start)
            show()
        case .filter(let text):
            let list = try requireList("/")
            try await loader.runOverRows(text.isEmpty ? "the filter" : "/" + text) { stop in
                try list.applyFilter(text, stop: stop)
            }
            show()
        case .sort(let order):
            let list = try requireList("sort")
            // Named as typed, so the progress line and an interruption say which sort.
            let title = order.map { "sort " + $0.description } ?? "the sort"
            try await loader.runOverRows(title) { stop in try list.applySort(order, stop: stop) }
            show()
        case .custom(let name, let arguments)
        where TextFolding.fold(name) == "watch" && options.interactive
            && (currentList as? any LiveScreen).map({ $0.live != nil || $0.watchesRows }) == true:
            try await startWatching(arguments)
        case .custom(let name, let arguments):
            try await runCustom(name, arguments: arguments)
        case .columns:
            let list = try requireList("cols")
            stack.push(.list(ColumnsScreen.make(for: list)))
            show()
        case .hide(let names):
            try changeColumns("hide") { list, choice in
                for name in names {
                    let column = try list.column(named: name)
                    choice.hidden.insert(column.name)
                    choice.revealed.remove(column.name)
                }
                guard !choice.shown(list.columns).isEmpty else { throw SessionError.nothingLeftToShow }
            }
        case .show(let names):
            try changeColumns("show") { list, choice in
                guard !names.isEmpty else {
                    choice = ColumnChoice()
                    choice.revealed = Set(list.columnNames)
                    return
                }
                for name in names {
                    let column = try list.column(named: name)
                    choice.hidden.remove(column.name)
                    choice.revealed.insert(column.name)
                    if let order = choice.order, !order.contains(column.name) { choice.order = order + [column.name] }
                }
            } bringingIntoView: { list in
                // Asked for by name, the first column is one the person wants to see now.
                guard let first = names.first, let column = try? list.column(named: first),
                    !scroll(toShow: column.name, in: list)
                else { return nil }
                return "\(column.name) has no room beside the pinned columns at this width"
            }
        case .only(let names):
            try changeColumns("only") { list, choice in
                var order: [String] = []
                for name in names {
                    let column = try list.column(named: name)
                    if !order.contains(column.name) { order.append(column.name) }
                }
                choice.order = order
                choice.hidden = []
                choice.scrollOffset = 0
            }
        case .where(let text):
            let list = try requireList("where")
            let expression = text.isEmpty ? nil : try WhereParser.parse(text, columns: list.columns)
            let title = expression.map { "where " + TextFitting.truncate($0.description, toWidth: 40) } ?? "where"
            try await loader.runOverRows(title) { stop in try list.applyWhere(expression, stop: stop) }
            show()
        case .frequencies(let name):
            let list = try requireList("freq")
            let column = try list.column(named: name)
            let screen = try await loader.runOverRows("freq \(column.name)") { stop in
                try AnalysisScreens.frequencies(of: column, in: list, stop: stop)
            }
            stack.push(.list(screen))
            show()
        case .chart(let words):
            let list = try requireList("chart")
            let request = try chartRequest(words, for: list)
            try ChartData.checkMemory(for: request, rows: list.count)
            let data = try await chart(request, of: list)
            stack.push(.chart(data, from: list))
            show()
        case .statistics:
            let list = try requireList("stats")
            let screen = try await loader.runOverRows("stats") { stop in
                try AnalysisScreens.statistics(of: list, stop: stop)
            }
            stack.push(.list(screen))
            show()
        case .key(let names):
            try changeColumns("key") { list, choice in
                var pinned: [String] = []
                for name in names {
                    let column = try list.column(named: name)
                    guard !pinned.contains(column.name) else { continue }
                    pinned.append(column.name)
                    // A pinned column is one the person wants to see.
                    choice.hidden.remove(column.name)
                    choice.revealed.insert(column.name)
                    if let order = choice.order, !order.contains(column.name) { choice.order = order + [column.name] }
                }
                choice.pinned = pinned
                choice.scrollOffset = 0
            }
        case .scrollColumns(let step):
            let list = try requireList(step > 0 ? ">" : "<")
            // Scrolling on once every column is on the screen would only take columns away.
            let furthest =
                step > 0 && showsEveryColumn(of: list)
                ? list.columnChoice.scrollOffset : list.columnChoice.maximumScrollOffset(list.columns)
            let offset = min(max(0, list.columnChoice.scrollOffset + step), furthest)
            if offset == list.columnChoice.scrollOffset {
                notify(step > 0 ? "already at the last column" : "already at the first column")
            } else {
                list.columnChoice.scrollOffset = offset
                show()
            }
        }
        return .proceed
    }

    /// `h`, `h COMMAND`, `ls`: printed under the screen when they fit the terminal (or no
    /// person is paging); else shown as a screen of their own, a page at a time.
    private func showText(_ title: String, _ make: @escaping @MainActor (Int) -> String) {
        let size = terminalSize?()
        let width = size?.columns ?? options.width
        let text = make(width)
        guard options.interactive, let rows = size?.rows ?? options.terminalRows,
            text.reduce(0, { $1 == "\n" ? $0 + 1 : $0 }) + 1 > rows
        else { return emit(text) }
        textOverlay = TextOverlay(title: title, make: make)
        show()
    }

    /// `n`, `p`, `g N`, `G` on a text screen too long for the terminal: the overlay's lines,
    /// or the detail's.
    private func turnTextPage(_ command: Command) throws {
        // Text that fits the terminal is one page.
        let page = shownTextPage ?? TextPage(first: 0, size: 1, total: 1)
        let first: Int
        switch command {
        case .nextPage:
            guard !page.isLast else { return notify("already on the last page") }
            first = page.first + page.size
        case .previousPage:
            guard page.first > 0 else { return notify("already on the first page") }
            first = max(0, page.first - page.size)
        case .lastPage:
            guard !page.isLast else { return notify("already on the last page") }
            first = page.lastStart
        case .page(let number):
            guard let start = Paging.start(ofPage: number, count: page.total, pageSize: page.size) else {
                throw SessionError.noSuchPage(number, pages: page.paging.pageCount)
            }
            first = start
        default:
            return
        }
        if textOverlay != nil {
            textOverlay?.first = first
        } else if let key = DetailKey(stack) {
            detailFirstLine = (key, first)
        }
        show()
    }

    /// Whether `command` asks about every row of `list` (a filter, a sort, a page by number)
    /// or about a row past those that have arrived.
    private func needsAllRows(_ command: Command, of list: any ListScreen) -> Bool {
        if command.declaration?.rowUse.contains(.waitsForAll) == true { return true }
        switch command {
        case .select(let row): return row > list.count
        case .nextPage: return list.position + 2 * pageSize(for: list) > list.count
        default: return false
        }
    }

    /// The chart of `request` over `list` for a drawing as wide as the terminal: a list that
    /// reduces its rows itself (a database, a file in the view's order) answers with the few
    /// each column of that drawing shows.
    private func chart(_ request: ChartRequest, of list: any ListScreen) async throws -> ChartData {
        let renderer = chartRenderer(bars: request.bars != nil)
        return try await loader.runOverRows("chart \(request.y.name)") { stop in
            if let answering = list as? any ChartAnswering,
                let answered = try answering.chartPoints(
                    for: request, columns: { renderer.dotColumns(for: $0) }, stop: stop)
            {
                return answered
            }
            return try ChartData.make(from: list, request: request, stop: stop)
        }
    }

    /// The chart renderer for the terminal as it is now.
    private func chartRenderer(bars: Bool) -> ChartRenderer {
        let size = terminalSize?()
        return ScreenRenderer(
            width: size?.columns ?? options.width, style: TextStyle(enabled: options.color), widths: viewWidths,
            height: size?.rows ?? options.terminalRows, ascii: options.ascii
        ).chartRenderer(bars: bars)
    }

    /// Asks again for the chart on top when its list picked its points for a drawing of
    /// another width (the window was resized): drawn wider, the picks of the old width's
    /// columns leave columns without their rows' extremes, and the line shows spikes and gaps
    /// the rows do not have. The chart stays as it was when the list cannot answer.
    func reaskResizedChart() async {
        guard case .chart(let data, let list) = stack.top, let answered = data.answeredColumns,
            let columns = chartRenderer(bars: data.bars != nil).dotColumns(of: data), columns != answered
        else { return }
        do {
            let fresh = try await chart(data.request, of: list)
            // Another command may have changed the stack while the list answered.
            guard case .chart(let shown, _) = stack.top, shown.request == data.request else { return }
            stack.replaceTop(.chart(fresh, from: list))
        } catch {
            report(error)
        }
    }

    /// `chart [Y [BARS]] [by X]`: the screen's own chart when nothing is named, else the
    /// first numeric column against the row order.
    private func chartRequest(_ words: [String], for list: any ListScreen) throws -> ChartRequest {
        var names = words
        var x: Column?
        if let by = names.firstIndex(where: { $0.lowercased() == "by" }) {
            guard by + 1 < names.count else {
                throw CommandError.missingArgument(command: "chart", usage: "chart [Y [BARS]] [by X]")
            }
            x = try list.column(named: names[by + 1])
            names.removeSubrange(by...)
        }
        if names.isEmpty, x == nil, let own = list.chartRequest { return own }
        let numeric = list.columns.filter(\.kind.isNumeric)
        guard let firstNumeric = numeric.first else { throw ChartError.noNumericColumn(list.title) }
        let y = try names.first.map { try list.column(named: $0) } ?? firstNumeric
        let bars = try names.dropFirst().first.map { try list.column(named: $0) }
        for column in [y] + (bars.map { [$0] } ?? []) where !column.kind.isNumeric {
            throw ChartError.notNumeric(column.name, numeric: numeric.map(\.name))
        }
        if let x, !x.kind.isChartAxis {
            throw ChartError.notAnAxis(x.name)
        }
        return ChartRequest(y: y, x: x, bars: bars)
    }

    /// Opens `screen` as a new trail from the dataset list (`datasets › people`), and loads it.
    private func open(_ screen: any ListScreen) async {
        stack.home()
        stack.push(.list(screen))
        await loadIfNeeded(screen)
        show()
    }

    /// A command of the screen on top, or of a list below it (`market` from a company's
    /// `info`); else a dataset's command (`stock 2330`), which opens its screen; else a
    /// dataset's name, which opens it.
    private func runCustom(_ name: String, arguments: String) async throws {
        let folded = TextFolding.fold(name)
        for (depth, screen) in stack.screens.enumerated().reversed() {
            guard case .list(let list) = screen,
                let custom = list.commands.first(where: { TextFolding.fold($0.name) == folded })
            else { continue }
            while stack.depth > depth + 1 { stack.pop() }
            let selection: Selection
            do {
                selection = try await loader.run(title: custom.name) { reporter in
                    try await custom.run(arguments, reporter)
                }
            } catch SessionError.interrupted(let what) {
                // What arrived before Ctrl-C (months of `older 12`) is kept: show it.
                show()
                throw SessionError.interrupted(what)
            }
            try await handle(selection, from: list, row: nil)
            return
        }
        if let command = registry.command(named: folded) {
            // Its own options and its dataset's, each checked by its declaration.
            let parsed = try ParsedArguments.parse(
                CommandParser.words(arguments), declared: registry.options(of: command))
            let given = parsed.values
            var context = self.context
            context.options = context.options.merging(given)
            let screen = try command.makeScreen(
                DatasetCommand.Arguments(positionals: parsed.positionals, options: given), context)
            return await open(screen)
        }
        if arguments.isEmpty, let dataset = registry.dataset(named: name) {
            return await open(try dataset.makeRootScreen(context: context))
        }
        throw CommandError.unknownCommand(name)
    }

    /// Applies a change to the current list's column choice, and redraws.
    private func changeColumns(
        _ command: String, _ change: (any ListScreen, inout ColumnChoice) throws -> Void,
        bringingIntoView: (any ListScreen) -> String? = { _ in nil }
    ) throws {
        let list = try requireList(command)
        var choice = list.columnChoice
        try change(list, &choice)
        choice.scrollOffset = min(choice.scrollOffset, choice.maximumScrollOffset(list.columns))
        list.columnChoice = choice
        let notice = bringingIntoView(list)
        show()
        // Under the screen, where a person looks next.
        if let notice { notify(notice) }
    }

    private func select(row: Int) async throws {
        if case .chart = stack.top { throw SessionError.onAChart("a row number") }
        guard case .list(let list) = stack.top else { throw SessionError.notAList("a row number") }
        guard row >= 1, row <= list.count else { throw ListError.rowOutOfRange(row: row, count: list.count) }
        let selection = try list.select(at: row - 1)
        try await handle(selection, from: list, row: row - 1)
    }

    private func turnPage(forward: Bool) async throws {
        switch stack.top {
        case .list(let list):
            let page = Paging(count: list.count, pageSize: pageSize(for: list), position: list.position)
            if forward {
                guard page.number < page.pageCount else { return notify("already on the last page") }
                list.move(to: page.range.upperBound)
            } else {
                guard page.number > 1 else { return notify("already on the first page") }
                list.move(to: page.range.lowerBound - pageSize(for: list))
            }
            show()
        case .detail(_, let list, let row):
            // A detail longer than the terminal pages through its lines before it steps.
            // A detail of no list (`info`) has only its pages.
            if let page = shownTextPage, forward ? !page.isLast : page.first > 0 {
                return try turnTextPage(forward ? .nextPage : .previousPage)
            }
            if shownTextPage != nil, list == nil || row == nil {
                return try turnTextPage(forward ? .nextPage : .previousPage)
            }
            guard let list, let row else { throw SessionError.notAList(forward ? "n" : "p") }
            let next = forward ? row + 1 : row - 1
            guard (0..<list.count).contains(next) else {
                return notify(forward ? "this is the last row" : "this is the first row")
            }
            let selection = try list.select(at: next)
            guard case .detail(let detail) = selection else {
                throw SessionError.notAList(forward ? "n" : "p")
            }
            stack.replaceTop(.detail(detail, from: list, row: next))
            show()
        case .chart:
            throw SessionError.onAChart(forward ? "n" : "p")
        }
    }

    private func handle(_ selection: Selection, from list: (any ListScreen)?, row: Int?) async throws {
        switch selection {
        case .none:
            show()
        case .message(let message):
            emit(VisibleText.make(message) + "\n")
        case .detail(let detail):
            stack.push(.detail(detail, from: list, row: row))
            show()
        case .push(let screen):
            stack.push(.list(screen))
            await loadIfNeeded(screen)
            show()
        case .back:
            stack.pop()
            show()
        case .pending(let title, let resolve):
            let resolved = try await loader.run(title: title, resolve)
            try await handle(resolved, from: list, row: row)
        case .load(let then):
            let ending = await loadAdded(to: list)
            let progress = ProgressReporter()
            let next: Selection
            do {
                next = try then(ending, progress)
            } catch {
                for note in progress.takeNotes() { notify(note) }
                throw error
            }
            for note in progress.takeNotes() { notify(note) }
            try await handle(next, from: list, row: row)
        }
    }

    /// Loads the sources a command added to `list`, the one way a screen loads: progress, Ctrl-C
    /// keeping what arrived, each note and partial failure said once. A load that brought
    /// nothing new and failed fails the command, without saying the failures again.
    private func loadAdded(to list: (any ListScreen)?) async -> LoadEnding {
        guard let list else { return .finished }
        await waitForBackgroundLoad(of: list)
        let before = Set(list.loadedSources)
        let (outcome, ending) = await loader.loadAdded(to: list)
        report(outcome, of: list)
        let arrived = !Set(list.loadedSources).subtracting(before).isEmpty
        if case .loaded = outcome, ending == .finished, !arrived, !list.sourceFailures.isEmpty { countFailure() }
        return ending
    }

    /// Refuses a command that reads rows of a list whose data can no longer be trusted (its
    /// file shrank while open): the rows past the new end would be zeros, not the file's.
    private func checkData(before command: Command) throws {
        switch command {
        case .quit, .help, .commandHelp, .list, .back, .home, .open, .refresh, .custom: return
        default: break
        }
        let list: (any ListScreen)?
        switch stack.top {
        case .list(let shown): list = shown
        case .detail(_, let from, _): list = from
        default: list = nil
        }
        if let list, list.state.hasRows, let problem = list.dataProblem { throw problem }
    }

    func requireList(_ command: String) throws -> any ListScreen {
        if case .chart = stack.top { throw SessionError.onAChart(command) }
        guard case .list(let list) = stack.top else { throw SessionError.notAList(command) }
        switch list.state {
        case .loaded, .receiving:
            if command != "r", let problem = list.dataProblem { throw problem }
            return list
        case .failed(let failure):
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) did not load (\(failure)); r tries again")
        case .idle, .loading:
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) is not loaded yet; r loads it")
        }
    }

    /// The commands a screen adds (`older`, `market`); none on a detail or a chart.
    static func commands(of screen: NavigationStack.Screen) -> [ListCommand] {
        if case .list(let list) = screen { return list.commands }
        return []
    }

    var currentList: (any ListScreen)? {
        if case .list(let list) = stack.top { return list }
        return nil
    }
}
