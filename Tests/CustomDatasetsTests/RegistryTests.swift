import CustomDatasets
import Testing

@Suite struct RegistryTests {
    @Test func registeredDatasetsHaveUniqueKebabCaseIDs() {
        let ids = CustomDatasets.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id == id.lowercased() && !id.contains(" "), "\(id) is lower kebab-case")
        }
    }
}
