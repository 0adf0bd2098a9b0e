import Foundation
import TestSupport
import Testing
import WorkshopChecks

/// Exercise 18 is graded by the compiler first: the wrong fixes a learner tries that do not
/// compile cannot be types in `Sources/Workshop/WorkshopMainActorDefault/WrongFixes/` (the module would not build), so
/// each is an edit of the starter, compiled as the nested package compiles the exercise,
/// with the main actor as the default isolation, and must fail with its diagnostic. The
/// fixes the lesson teaches must compile.
@Suite("Exercise 18: the fixes the compiler refuses, and the two it accepts")
struct IsolatedConformanceTests {
    /// The starter with its edits, and what the compiler must say: nothing when it must compile.
    struct Variant: Sendable, CustomTestStringConvertible {
        var name: String
        /// Each edit replaces text that the starter holds once.
        var edits: [(replacing: String, with: String)]
        /// Words of errors the compiler must give, each in one of them.
        var errors: [String]

        init(name: String, replacing: String, with: String, errors: [String]) {
            self.init(name: name, edits: [(replacing, with)], errors: errors)
        }

        init(name: String, edits: [(replacing: String, with: String)], errors: [String]) {
            self.name = name
            self.edits = edits
            self.errors = errors
        }

        var testDescription: String { name }
    }

    /// An error the compiler gives beside another: a class that cannot be an actor is not one.
    static let alongside: Set<String> = ["type 'RecordImporter' does not conform to protocol 'Actor'"]

    static let isolatedDecodable =
        "main actor-isolated conformance of 'NoteRecord' to 'Decodable' cannot satisfy conformance requirement for a 'Sendable' type parameter"

    static let variants: [Variant] = [
        Variant(
            name: "the record declared Sendable", replacing: "struct NoteRecord: Codable {",
            with: "struct NoteRecord: Codable, Sendable {", errors: [isolatedDecodable]
        ),
        Variant(
            name: "the record marked @MainActor", replacing: "struct NoteRecord: Codable {",
            with: "@MainActor struct NoteRecord: Codable {", errors: [isolatedDecodable]
        ),
        Variant(
            name: "the decoding moved onto the main actor, the record as written",
            replacing: "let records = try file.records(as: NoteRecord.self)",
            with: "let records = try await MainActor.run { try file.records(as: NoteRecord.self) }", errors: [isolatedDecodable]
        ),
        Variant(
            name: "the importer a class, which the default puts on the main actor",
            replacing: "actor RecordImporter: RecordImporting {", with: "final class RecordImporter: RecordImporting {",
            errors: ["non-actor type 'RecordImporter' cannot conform to the 'Actor' protocol", isolatedDecodable]
        ),
        Variant(
            name: "the Sendable requirement dropped, in a decoding helper of the importer's own",
            edits: [
                ("let records = try file.records(as: NoteRecord.self)", "let records = try decode(file, as: NoteRecord.self)"),
                (
                    "        try await context.perform { context in try context.importBatch(batch) }\n    }\n",
                    """
                            try await context.perform { context in try context.importBatch(batch) }
                        }

                        private func decode<Record: Decodable>(_ file: RecordFile, as type: Record.Type) throws -> [Record] {
                            try file.records(as: type)
                        }

                    """
                ),
            ],
            errors: [
                "main actor-isolated conformance of 'NoteRecord' to 'Decodable' cannot be used in actor-isolated context",
                "type 'Record' does not conform to the 'Sendable' protocol",
            ]
        ),
        Variant(
            name: "the record marked nonisolated (the solution)", replacing: "struct NoteRecord: Codable {",
            with: "nonisolated struct NoteRecord: Codable {", errors: []
        ),
        Variant(
            name: "only the record's conformance marked nonisolated", replacing: "struct NoteRecord: Codable {",
            with: "struct NoteRecord: nonisolated Codable {", errors: []
        ),
    ]

    @Test("Each edit of the starter compiles, or fails with its diagnostic", arguments: variants)
    func compile(_ variant: Variant) async throws {
        let exercise = Exercise.isolatedConformance
        let file = try #require(exercise.files.first)
        let starter = try String(contentsOf: WorkshopLayout(root: packageRoot).starter(exercise, file), encoding: .utf8)
        var source = starter
        for edit in variant.edits {
            #expect(starter.components(separatedBy: edit.replacing).count == 2, "the starter has no single \(edit.replacing)")
            source = source.replacingOccurrences(of: edit.replacing, with: edit.with)
        }
        let errors = try await StarterCompiler().errors(compilingSource: source, isolation: exercise.defaultIsolation)
        for expected in variant.errors {
            #expect(errors.contains { $0.contains(expected) }, "\(errors)")
        }
        if variant.errors.isEmpty {
            #expect(errors == [])
        } else {
            #expect(errors.allSatisfy { error in variant.errors.contains { error.contains($0) } || Self.alongside.contains(error) }, "\(errors)")
        }
    }

    @Test("Without the main actor as the default, the starter compiles: the error is the default's")
    func nonisolatedDefault() async throws {
        let exercise = Exercise.isolatedConformance
        let file = try #require(exercise.files.first)
        let starter = WorkshopLayout(root: packageRoot).starter(exercise, file)
        #expect(try await StarterCompiler().errors(compiling: starter, isolation: .nonisolated) == [])
    }
}
