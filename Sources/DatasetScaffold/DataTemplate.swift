/// The Swift sources of a dataset made from a data file: a typed record with one property per
/// column, the dataset that shows every record in a table, and its test.
public enum DataTemplate {
    public static func source(_ name: DatasetName, _ sample: DataSample) -> String {
        "// placeholder until FileDatasets lands\n"
    }

    public static func test(_ name: DatasetName, _ sample: DataSample) -> String {
        "// placeholder until FileDatasets lands\n"
    }
}
