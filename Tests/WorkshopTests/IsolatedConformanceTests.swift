import Foundation
import Testing
import Workshop

/// Exercise 18 is graded by the compiler first: the wrong fixes a learner tries that do not
/// compile cannot be types in `Sources/WorkshopWrongFixes/` (the module would not build), so
/// each is an edit of the starter, compiled as the nested package compiles the exercise,
/// with the main actor as the default isolation, and must fail with its diagnostic. The
/// fixes the lesson teaches must compile.
@Suite("Exercise 18: the fixes the compiler refuses, and the two it accepts")
struct IsolatedConformanceTests {
    /// The starter with one edit, and what the compiler must say: nil when it must compile.
    struct Variant: Sendable, CustomTestStringConvertible {
        var name: String
        var replacing: String
        var with: String
        var error: String?

        var testDescription: String { name }
    }

    static let isolatedDecodable =
        "main actor-isolated conformance of 'NoteRecord' to 'Decodable' cannot satisfy conformance requirement for a 'Sendable' type parameter"

    static let variants: [Variant] = [
        Variant(
            name: "the record declared Sendable", replacing: "struct NoteRecord: Codable {",
            with: "struct NoteRecord: Codable, Sendable {", error: isolatedDecodable
        ),
        Variant(
            name: "the record marked @MainActor", replacing: "struct NoteRecord: Codable {",
            with: "@MainActor struct NoteRecord: Codable {", error: isolatedDecodable
        ),
        Variant(
            name: "the decoding moved onto the main actor, the record as written",
            replacing: "let records = try file.records(as: NoteRecord.self)",
            with: "let records = try await MainActor.run { try file.records(as: NoteRecord.self) }", error: isolatedDecodable
        ),
        Variant(
            name: "the importer a class, which the default puts on the main actor",
            replacing: "actor RecordImporter: RecordImporting {", with: "final class RecordImporter: RecordImporting {",
            error: "non-actor type 'RecordImporter' cannot conform to the 'Actor' protocol"
        ),
        Variant(
            name: "the Sendable requirement dropped, in a decoding helper of the importer's own",
            replacing: "let records = try file.records(as: NoteRecord.self)",
            with: """
                let records = try decode(file, as: NoteRecord.self)
                    }

                    private func decode<Record: Decodable>(_ file: RecordFile, as type: Record.Type) throws -> [Record] {
                        try file.records(as: type)
                """,
            error: "type 'Record' does not conform to the 'Sendable' protocol"
        ),
        Variant(
            name: "the record marked nonisolated (the solution)", replacing: "struct NoteRecord: Codable {",
            with: "nonisolated struct NoteRecord: Codable {", error: nil
        ),
        Variant(
            name: "only the record's conformance marked nonisolated", replacing: "struct NoteRecord: Codable {",
            with: "struct NoteRecord: nonisolated Codable {", error: nil
        ),
    ]

    @Test("Each edit of the starter compiles, or fails with its diagnostic", arguments: variants)
    func compile(_ variant: Variant) async throws {
        let exercise = Exercise.isolatedConformance
        let file = try #require(exercise.files.first)
        let starter = try String(contentsOf: WorkshopLayout(root: Repository.root).starter(exercise, file), encoding: .utf8)
        #expect(starter.components(separatedBy: variant.replacing).count == 2, "the starter has no single \(variant.replacing)")
        let source = starter.replacingOccurrences(of: variant.replacing, with: variant.with)
        let errors = try await StarterCompiler().errors(compilingSource: source, isolation: exercise.defaultIsolation)
        if let expected = variant.error {
            #expect(errors.contains { $0.contains(expected) }, "\(errors)")
        } else {
            #expect(errors == [])
        }
    }

    @Test("Without the main actor as the default, the starter compiles: the error is the default's")
    func nonisolatedDefault() async throws {
        let exercise = Exercise.isolatedConformance
        let file = try #require(exercise.files.first)
        let starter = WorkshopLayout(root: Repository.root).starter(exercise, file)
        #expect(try await StarterCompiler().errors(compiling: starter, isolation: .nonisolated) == [])
    }
}
