// The tables of checks of the workshop's reference modules, written at build time.
//
// A target of starters, solutions or wrong fixes holds, per exercise, types named as the
// learner's (`QueueArchive`) or as their files (`OwnStoreArchive`); WorkshopReference runs
// the exercise's check on each. The check and the learner's type are already said once, by
// the exercise's entry point (`Exercise.entryPoint`, written into
// Workshop/Exercises/<folder>/main.swift), so this plugin has ReferenceChecksGenerator write
// the tables from it and from the target's files: a new exercise or wrong fix needs no line
// in them.

import Foundation
import PackagePlugin

@main
struct ReferenceChecks: BuildToolPlugin {
    /// The tables each target gets, as the generator's arguments: a name, what it maps (the
    /// learner's type by exercise number, or each file's type by name), and the folder of
    /// the target that holds those files.
    static let tables: [String: (tables: [String], nonisolated: Bool)] = [
        "WorkshopStarters": (["starterChecks=exercises@."], false),
        "WorkshopSolutions": (["solutionChecks=exercises@."], false),
        "WorkshopWrongFixes": (["wrongFixChecks=types@."], false),
        // Compiled with the main actor as its default isolation: the tables are read from
        // anywhere, so they say `nonisolated`.
        "WorkshopMainActorDefault": (["mainActorDefaultSolutionChecks=exercises@Solutions", "mainActorDefaultWrongFixChecks=types@WrongFixes"], true),
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget, let tables = Self.tables[target.name] else {
            Diagnostics.error("ReferenceChecks has no tables for target \(target.name): say in ReferenceChecks.tables what it holds")
            return []
        }
        let root = target.directoryURL
        let exercises = context.package.directoryURL.appending(components: "Workshop", "Exercises")
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let relative = sources.map { String($0.path.dropFirst(root.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        // An exercise's folder is named from its number (`01-confinement`). A new exercise's
        // entry point is missing until `make generated` writes it, after a build: the
        // generator then leaves the exercise out of the tables, and the tests say so.
        let entryPoints = Set(relative.compactMap { path in
            path.split(separator: "/").dropLast().first { $0.first?.isNumber == true }.map { exercises.appending(components: String($0), "main.swift") }
        }).filter { FileManager.default.fileExists(atPath: $0.path) }
        let output = context.pluginWorkDirectoryURL.appending(component: "ReferenceChecks.swift")
        return [
            .buildCommand(
                displayName: "Writing the reference checks of \(target.name)",
                executable: try context.tool(named: "ReferenceChecksGenerator").url,
                arguments: [output.path, exercises.path] + (tables.nonisolated ? ["--nonisolated"] : []) + tables.tables + ["--"] + relative,
                inputFiles: sources + entryPoints.sorted { $0.path < $1.path },
                outputFiles: [output]
            ),
        ]
    }
}
