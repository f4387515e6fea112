import BrowseSupport

/// Loading: each source once (or again on a refresh), streaming sources batch by batch, and
/// every source's items merged by identity into the store.
extension GenericListController {
    public func load(force: Bool, progress: ProgressReporter) async {
        await load(sources: nil, force: force, progress: progress)
    }

    public func load(force: Bool, progress: ProgressReporter, drawingWith widths: TextWidth) async {
        await load(sources: nil, force: force, progress: progress, widths: widths)
    }

    /// Adds a source (an older month); it loads with the next `load` and merges with the rest.
    public func add(_ source: ListSource<T>) {
        guard !sources.contains(where: { $0.id == source.id }) else { return }
        sources.append(source)
        activeSourceIDs?.insert(source.id)
        if state == .loaded, loadedItems.isEmpty { state = .idle }
    }

    /// Limits plain loads and refreshes to these sources (`--market otc`); `nil` loads all.
    package func activate(sources ids: Set<String>?) {
        activeSourceIDs = ids
    }

    /// True when the source has been loaded.
    package func isLoaded(source id: String) -> Bool {
        loadedItems[id] != nil
    }

    /// Loads the named sources (the active ones when `ids` is `nil`) that are not loaded yet, or
    /// again when `force` is true. A source that fails keeps its earlier items and is named in
    /// `sourceFailures`; the others still show.
    ///
    /// - Parameter widths: How the front end measures the texts it will draw, passed on to the
    ///   sources (``LoadRequest/widths``); `nil` when it will not draw them.
    package func load(
        sources ids: Set<String>?, force: Bool, progress: ProgressReporter, widths: TextWidth? = nil
    ) async {
        let chosen = ids ?? activeSourceIDs
        let wanted = sources.filter { source in
            (chosen?.contains(source.id) ?? true) && (force || loadedItems[source.id] == nil)
        }
        guard !wanted.isEmpty else { return }
        notedItsStop = false
        let previousState = state
        state = .loading
        var failures = sourceFailures.filter { failure in !wanted.contains { $0.title == failure.source } }
        var cancelled = false
        for source in wanted {
            do {
                progress.update { $0.step = source.title }
                let request = LoadRequest(
                    progress: progress, refresh: force, batch: wanted.map(\.id), widths: widths)
                if let batches = source.batches {
                    guard try await receive(batches(request), from: source, progress: progress) else {
                        cancelled = true
                        break
                    }
                    continue
                }
                let loaded = try await source.load(request)
                try Task.checkCancellation()
                loadedItems[source.id] = loaded
            } catch is CancellationError {
                cancelled = true
                break
            } catch {
                failures.append(SourceFailure(source: source.title, error: error))
            }
        }
        sourceFailures = failures
        mergeLoadedItems()
        if loadedItems.isEmpty {
            state = cancelled ? previousState : .failed(FailedLoad(failures: failures))
        } else {
            state = .loaded
        }
    }

    /// Takes a streaming source's batches as they arrive: each is shown at once (the view
    /// filtered and sorted again when it needs to be).
    ///
    /// - Returns: False when the load was stopped (what arrived is kept).
    /// - Throws: What the source threw, after keeping the batches that arrived before it.
    private func receive(
        _ batches: ProducedBatches<T>, from source: ListSource<T>, progress: ProgressReporter
    ) async throws -> Bool {
        let earlier = loadedItems[source.id]
        loadedItems[source.id] = earlier ?? []
        // One source in its own order: batches go straight into the store, merged by id only
        // when the store cannot vouch that its items are unique.
        let single = sources.count == 1 && naturalOrder == nil
        var seen: Set<T.ID>? = single && !store.itemsAreUnique ? Set(items.map(\.id)) : nil
        // A refresh starts over: at once, or (for a source that fails as a whole) when its
        // first batch arrives, so that a refresh failing at once keeps the earlier rows.
        var replacesEarlier = single && !(earlier?.isEmpty ?? true)
        if replacesEarlier, source.keepsRowsOnFailure {
            loadedItems[source.id] = []
            mergeLoadedItems()
            replacesEarlier = false
            if seen != nil { seen = [] }
        }
        var stopped = false
        do {
            var iterator = batches.makeAsyncIterator()
            while let delivered = try await iterator.nextDelivered() {
                guard !Task.isCancelled else { break }
                if replacesEarlier {
                    replacesEarlier = false
                    loadedItems[source.id] = []
                    store.setItems([])
                    if seen != nil { seen = [] }
                }
                if single, seen == nil {
                    // The store holds exactly this source's items, so one buffer serves both:
                    // dropped here first, it is the store's alone, which grows in place or takes
                    // a whole list as it is.
                    loadedItems[source.id] = []
                    if delivered.isWhole { store.setItems(delivered.items) } else { store.appendItems(delivered.items) }
                    loadedItems[source.id] = store.items
                } else {
                    let earlier = delivered.isWhole ? loadedItems[source.id]?.count ?? 0 : 0
                    if delivered.isWhole {
                        loadedItems[source.id] = delivered.items
                    } else {
                        loadedItems[source.id, default: []].append(adopting: delivered.items)
                    }
                    if var ids = seen {
                        seen = nil
                        store.appendItems(delivered.items.dropFirst(earlier).filter { ids.insert($0.id).inserted })
                        seen = ids
                    }
                }
                if single {
                    foldedSearchTexts = nil
                    // A whole list set the store's items, and with them its view, anew.
                    if delivered.isWhole || store.view != nil || scope != nil {
                        rebuildView()
                    } else {
                        viewVersion += 1
                    }
                } else {
                    mergeLoadedItems()
                }
                state = .receiving
                let count = Int64(items.count)
                // A source counting bytes (a file being indexed) reports its own progress.
                progress.update { if $0.unit == .items { $0.completed = count } }
            }
        } catch {
            // A stream may end by throwing when it is stopped: that is a stop, not a failure.
            stopped = Task.isCancelled || error is CancellationError
            if !stopped {
                if !source.keepsRowsOnFailure {
                    loadedItems[source.id] = replacesEarlier ? earlier : nil
                    mergeLoadedItems()
                } else if !(loadedItems[source.id]?.isEmpty ?? true) {
                    let count = loadedItems[source.id]?.count ?? 0
                    progress.note(
                        "\(source.title): the rows that arrived (\(Cell.integer(count, grouped: true).text)) are kept")
                }
                throw error
            }
        }
        if stopped || Task.isCancelled {
            let count = loadedItems[source.id]?.count ?? 0
            if count > 0 {
                progress.note(
                    "stopped loading \(source.title): the \(Cell.integer(count, grouped: true).text) rows that arrived are kept"
                )
                notedItsStop = true
                return true
            }
            loadedItems[source.id] = nil
            return false
        }
        return true
    }

    /// Puts every loaded source's items into the store, merged by id (the first source's copy
    /// winning) and in natural order, and makes the view again.
    func mergeLoadedItems() {
        var merged = Self.mergedByID(
            sources.compactMap { loadedItems[$0.id] }, unique: sources.count == 1 && store.itemsAreUnique)
        if let naturalOrder { merged.sort(by: naturalOrder) }
        store.setItems(merged)
        foldedSearchTexts = nil
        inferredColumns = nil
        rebuildView()
    }

    /// The items of `lists`, in order, each id kept once (its first copy).
    ///
    /// - Parameter unique: True when the one list's ids are known to be unique, which skips
    ///   the set of ids.
    /// - Complexity: O(n).
    static func mergedByID(_ lists: [[T]], unique: Bool) -> [T] {
        if unique, lists.count == 1 { return lists[0] }
        let apart = idsHashApart(lists)
        if apart, lists.count == 1 { return lists[0] }
        var merged: [T] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        if apart {
            // Whole arrays appended, each copied at once: `joined()` copies item by item.
            for list in lists { merged.append(contentsOf: list) }
            return merged
        }
        var seen = Set<T.ID>()
        for list in lists {
            for item in list where seen.insert(item.id).inserted {
                merged.append(item)
            }
        }
        return merged
    }

    /// True when no two items' ids have the same hash, so no two ids are equal.
    ///
    /// A `Set<T.ID>` here runs the standard library's unspecialized code, 800 ns an insert at a
    /// million items; the hashes are `Int`s, checked by specialized code.
    private static func idsHashApart(_ lists: [[T]]) -> Bool {
        var hashes: [UInt] = []
        hashes.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for list in lists {
            for item in list { hashes.append(UInt(bitPattern: item.id.hashValue)) }
        }
        return HashCheck.allDifferent(hashes)
    }
}
