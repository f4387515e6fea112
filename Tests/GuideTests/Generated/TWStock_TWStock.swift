// Generated from Sources/TWStock/TWStock.docc/TWStock.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import LineMode
import ListKit
import TWStock

// Sources/TWStock/TWStock.docc/TWStock.md, block 1
@MainActor private func tWStockTWStockMain1() async {
    // main.swift

    await Launcher.main(
        identity: ProgramIdentity(name: "market", version: "1.0.0", summary: "Taiwan's market, one command at a time"),
        datasets: [CompaniesDataset(), TicksDataset()])
}
