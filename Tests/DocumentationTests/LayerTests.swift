import Foundation
import TestSupport
import Testing

// MARK: - LayerTests

/// The tree shows the architecture: each folder of `Sources/` is a layer, each of its
/// folders a target, and a target imports only targets of its own layer or of the layers
/// below it.
@Suite("Layers")
struct LayerTests {
    /// The layers, bottom up, as Package.swift and the reference (Docs/Reference.md) list them.
    static let layers = ["Base", "Store", "Workload", "Patterns", "Measuring", "Lessons", "Workshop", "Lab"]

    /// Every target's folder, by module name, with the index of its layer.
    static let targets: [String: (layer: Int, folder: String)] = {
        var targets: [String: (layer: Int, folder: String)] = [:]
        for (index, layer) in layers.enumerated() {
            for name in folders(in: "Sources/" + layer) {
                targets[name] = (index, "Sources/\(layer)/\(name)")
            }
        }
        return targets
    }()

    @Test("Package.swift lists every folder of Sources/Patterns/ as a pattern target, and no other: a new row's folder fails here until it is listed")
    func patternsListed() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let patterns = ["))
        let end = try #require(manifest[start.upperBound...].range(of: "]"))
        let listed = manifest[start.upperBound..<end.lowerBound].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            .filter { !$0.isEmpty }
        #expect(listed.sorted() == Self.folders(in: "Sources/Patterns").filter { $0 != "Rows" })
    }

    @Test("Sources/ holds the layers and nothing else")
    func sourcesAreLayers() {
        #expect(Self.folders(in: "Sources") == Self.layers.sorted())
    }

    @Test("No target imports a target of a higher layer", arguments: targets.keys.sorted())
    func noUpwardImport(target: String) throws {
        let (layer, folder) = try #require(Self.targets[target])
        for file in Guide.files(under: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for module in Self.importedModules(in: text) {
                guard let imported = Self.targets[module] else { continue }  // a system or package dependency
                #expect(
                    imported.layer <= layer,
                    "\(file) imports \(module), of the layer \(Self.layers[imported.layer]) above \(Self.layers[layer])"
                )
            }
        }
    }

    @Test("The reference's layout names every layer and every target but the rows'")
    func referenceLayout() throws {
        let reference = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Reference.md"), encoding: .utf8)
        let layout = try #require(reference.components(separatedBy: "## Layout").dropFirst().first?.components(separatedBy: "\n## ").first)
        for layer in Self.layers { #expect(layout.contains("\(layer)/"), "the layout does not name the layer \(layer)") }
        // A row's target is its folder of Patterns/, which the row table names: a new row
        // does not touch the layout.
        let patterns = Self.layers.firstIndex(of: "Patterns")
        for (name, target) in Self.targets.sorted(by: { $0.key < $1.key }) where target.layer != patterns {
            #expect(layout.contains(name), "the layout does not name \(name)")
        }
    }

    @Test("The import scan sees every form of import, and only imports")
    func importScan() {
        let text = """
            import NoteStore
            @testable import Bench
            internal import Support
            @preconcurrency import Meters
            import struct Workload.ScenarioPlan
            // import LabCommands
            let text = "import Demos"
            """
        #expect(Self.importedModules(in: text) == ["NoteStore", "Bench", "Support", "Meters", "Workload"])
    }

    /// The modules `text` imports, in order: `import X`, with any attributes, access level
    /// or declaration kind before it.
    static func importedModules(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") || ["internal", "package", "public", "private", "fileprivate"].contains($0) })
            else { return nil }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]
            let path = kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
            return path.split(separator: ".").first.map(String.init)
        }
    }

    static func folders(in path: String) -> [String] {
        let url = packageRoot.appendingPathComponent(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }
}
