import Demos
import Foundation
import TestSupport
import Testing
import WorkshopChecks

@Suite("The exercise catalog")
struct ExerciseCatalogTests {
    let layout = WorkshopLayout(root: packageRoot)

    @Test("There are at least nineteen exercises, numbered from 1 without a gap")
    func numbering() {
        #expect(ExerciseCatalog.all.count >= 19)
        #expect(ExerciseCatalog.all.map(\.number) == Array(1...ExerciseCatalog.all.count))
        #expect(Set(ExerciseCatalog.all.map(\.slug)).count == ExerciseCatalog.all.count)
    }

    @Test("Every exercise's folder, of the starters, the solutions, the wrong fixes and the nested package, is an exercise of the catalog")
    func foldersAreCatalogued() throws {
        let catalogued = Set(ExerciseCatalog.all.map(\.folder))
        let roots = [
            "Sources/Workshop/WorkshopStarters", "Workshop/Exercises",
        ] + [Exercise.DefaultIsolation.nonisolated, .mainActor].flatMap { [$0.solutionsFolder, $0.wrongFixesFolder] }
        for root in roots {
            let entries = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(root).path)
            let folders = entries.filter { $0.first?.isNumber == true }
            #expect(Set(folders).isSubset(of: catalogued), "\(root): \(Set(folders).subtracting(catalogued).sorted()) is in no catalog line (ExerciseCatalog.all)")
        }
    }

    @Test("Every exercise names a lesson, its chapter and its demo, and gives at least two hints", arguments: ExerciseCatalog.all)
    func metadata(_ exercise: Exercise) {
        #expect(DemoCatalog.all.contains { $0.lesson == exercise.lesson }, "no demo of lesson \(exercise.lesson)")
        let chapter = exercise.chapter.split(separator: "#").first.map(String.init) ?? exercise.chapter
        #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(chapter).path), "\(chapter)")
        #expect(DemoCatalog.demo(named: exercise.demo) != nil, "no demo named \(exercise.demo)")
        #expect(!exercise.source.isEmpty)
        #expect(exercise.hints.count >= 2)
        #expect(!exercise.files.isEmpty)
    }

    @Test("Every exercise has a starter and a different reference solution for each of its files", arguments: ExerciseCatalog.all)
    func files(_ exercise: Exercise) throws {
        for file in exercise.files {
            let starter = try String(contentsOf: layout.starter(exercise, file), encoding: .utf8)
            let solution = try String(contentsOf: layout.solution(exercise, file), encoding: .utf8)
            #expect(starter != solution, "\(exercise.folder)/\(file): the solution is the starter")
            #expect(starter.contains("Exercise \(exercise.number): "), "\(exercise.folder)/\(file) does not say which exercise it is")
            #expect(starter.split(separator: "\n").count <= 80, "\(exercise.folder)/\(file) is longer than a screen")
        }
    }

    @Test("The nested package builds one target per exercise, from a folder with the check's entry point", arguments: ExerciseCatalog.all)
    func nestedPackage(_ exercise: Exercise) throws {
        let manifest = try String(contentsOf: layout.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("\"\(exercise.folder)\""), "Workshop/Package.swift does not list \(exercise.folder)")
        let entry = try String(contentsOf: layout.copy(exercise, "main.swift"), encoding: .utf8)
        #expect(entry == exercise.entryPointSource, "\(exercise.folder)/main.swift is not the check's entry point")
    }

    @Test("The exercises compiled with the main actor as their default isolation are those the catalog says, in the nested manifest and in the lab's targets", arguments: ExerciseCatalog.all)
    func defaultIsolation(_ exercise: Exercise) throws {
        let mainActor = exercise.defaultIsolation == .mainActor
        let text = try String(contentsOf: layout.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(text.split(separator: "\n").first { $0.hasPrefix("let mainActorDefault") }, "Workshop/Package.swift")
        #expect(list.contains("\"\(exercise.folder)\"") == mainActor, "\(list)")
        // The lab compiles the solution in the target of its isolation, and only there.
        for isolation in [Exercise.DefaultIsolation.nonisolated, .mainActor] {
            let folder = packageRoot.appendingPathComponent("\(isolation.solutionsFolder)/\(exercise.folder)").path
            #expect(FileManager.default.fileExists(atPath: folder) == (isolation == exercise.defaultIsolation), "\(folder)")
        }
    }
}
