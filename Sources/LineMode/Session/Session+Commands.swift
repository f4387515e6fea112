import ListKit

extension Session {
    func execute(_ command: Command) async throws -> Step {
        switch command {
        case .quit:
            return .quit
        case .help:
            emit(HelpText.session(commands: currentList?.commands ?? []))
        case .list:
            emit(HelpText.datasets(registry))
        case .back:
            if stack.pop() { show() } else { notify("already at the dataset list") }
        case .home:
            stack.home()
            show()
        case .open(let text):
            let arguments = try OpenArguments.parse(text, declared: resolver.declaredOptions)
            var context = self.context
            context.options.merge(arguments.options) { $1 }
            let screen = try resolver.screen(for: arguments.name, context: context)
            stack.push(.list(screen))
            await loadIfNeeded(screen)
            show()
        case .export(let format, let path):
            try export(format, to: path)
        case .refresh:
            let list = try requireList("r")
            await load(list, force: true)
            show()
        case .select(let row):
            try await select(row: row)
        case .nextPage, .previousPage:
            try await turnPage(forward: command == .nextPage)
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
            try requireList("/").applyFilter(text)
            show()
        case .sort(let order):
            try requireList("sort").applySort(order)
            show()
        case .custom(let name, let arguments):
            let folded = TextFolding.fold(name)
            guard let custom = currentList?.commands.first(where: { TextFolding.fold($0.name) == folded }) else {
                throw CommandError.unknownCommand(name)
            }
            let selection = try await loader.run(title: custom.name) { reporter in
                try await custom.run(arguments, reporter)
            }
            try await handle(selection, from: currentList, row: nil)
        }
        return .proceed
    }

    private func select(row: Int) async throws {
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
        case .pending(let title, let resolve):
            let resolved = try await loader.run(title: title, resolve)
            try await handle(resolved, from: list, row: row)
        }
    }

    func requireList(_ command: String) throws -> any ListScreen {
        guard case .list(let list) = stack.top else { throw SessionError.notAList(command) }
        switch list.state {
        case .loaded: return list
        case .failed(let reason):
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) did not load (\(reason)); r tries again")
        case .idle, .loading:
            if command == "r" { return list }
            throw ListError.notLoaded("\(list.title) is not loaded yet; r loads it")
        }
    }

    var currentList: (any ListScreen)? {
        if case .list(let list) = stack.top { return list }
        return nil
    }
}
