import DatasetScaffold
import Foundation

// new-dataset-tool --package DIR NAME [--from-csv FILE | --from-json FILE]
// new-dataset-tool --package DIR [NAME] --from-manifest FILE
// Run by the NewDataset plugin; prints what it did, or one line saying why nothing was done.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let request = try NewDatasetRequest.parse(arguments)
    let scaffolder = Scaffolder(package: request.package)
    var data: (bytes: Data, sample: DataSample)?
    let name: DatasetName
    if request.format == "manifest", let file = request.dataFile {
        let made = try await ManifestScaffold.read(file)
        name = try DatasetName(request.name.isEmpty ? ManifestScaffold.typeName(fromID: made.id) : request.name)
        data = (made.bytes, made.sample.named("\(name.id).csv"))
        for note in made.notes { print("note: \(note)") }
    } else if let file = request.dataFile {
        name = try DatasetName(request.name)
        let read = try await DataFileReader.read(file, format: request.format)
        data = (read.bytes, read.sample.named("\(name.id).\(read.sample.format)"))
    } else {
        name = try DatasetName(request.name)
    }
    let plan = try scaffolder.plan(name, data: data)
    try scaffolder.apply(plan)
    for file in plan.files { print("created \(file.path)") }
    print("registered \(name.typeName)Dataset in \(Scaffolder.registryPath)")
    print("try it: swift run browse \(name.id)   ·   swift test --filter \(name.typeName)DatasetTests")
} catch {
    FileHandle.standardError.write(Data("new-dataset: \(error)\n".utf8))
    exit(1)
}
