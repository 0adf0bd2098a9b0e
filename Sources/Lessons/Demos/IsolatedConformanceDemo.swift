import Foundation

// Lesson 18: in a module whose default isolation is the main actor, a record type's Codable
// conformance is isolated to the main actor, and an importer on another actor cannot use it.
// Source: SE-0470, global-actor isolated conformances, and SE-0466, default actor isolation.

// MARK: - IsolatedConformanceDemo

package struct IsolatedConformanceDemo: Demo {
    /// One build of the module: the compiler's errors, or what its run printed, or the
    /// signal that stopped the run.
    package struct Build: Codable, Sendable, Equatable {
        /// The compiler's errors; none when the module compiled.
        package var errors: [String]
        /// How many records the importer decoded; nil when there was no run to the end.
        package var decoded: Int?
        /// Whether the importer decoded them on the main actor; nil when there was no run to the end.
        package var onMainActor: Bool?
        /// The signal that stopped the run; nil when it ran to the end or did not compile.
        package var signal: Int32?

        package init(errors: [String], decoded: Int? = nil, onMainActor: Bool? = nil, signal: Int32? = nil) {
            self.errors = errors
            self.decoded = decoded
            self.onMainActor = onMainActor
            self.signal = signal
        }
    }

    package struct Outcome: Codable, Sendable, Equatable {
        /// The record as written and the background importer, built with
        /// `-default-isolation MainActor` as every build here is.
        package var backgroundImporter: Build
        /// The record declared `Codable, Sendable`.
        package var sendableRecord: Build
        /// The record marked `nonisolated`.
        package var nonisolatedRecord: Build
        /// Only the record's conformance marked `nonisolated`.
        package var nonisolatedConformance: Build
        /// Only the record's conformance marked `@preconcurrency`.
        package var preconcurrencyConformance: Build
        /// The record as written and an importer on the main actor, without `Sendable`.
        package var mainActorImporter: Build
        /// The record as written and an actor that decodes one `NoteRecord` itself.
        package var singleRecordImporterErrors: [String]
        /// The record as written and an actor that decodes `[NoteRecord]` itself.
        package var arrayImporter: Build
    }

    package static let name = "isolated-conformance"
    package static let lesson = 18
    package static let summary = "with main-actor default isolation a record's Codable conformance stays on the main actor"
    package static let source = Article.isolatedConformances
    package static let chapter = "Docs/LabGuide.docc/IsolatedConformances.md"
    package static let whatItDoes = """
        Compiles one small module with -default-isolation MainActor: a Codable record, \
        NoteRecord, and a background importer, an actor that decodes any Record: Decodable \
        & Sendable. The program encodes \(recordCount) records on the main actor and awaits \
        the importer. It builds the module with the record as written, declared Sendable, \
        marked nonisolated, and with only its conformance marked nonisolated or \
        @preconcurrency; then with an importer on the main actor; then with an actor that decodes one NoteRecord, and one \
        that decodes [NoteRecord]. Each build that compiles runs and prints how many records \
        the importer decoded and whether it ran on the main actor, or how it stopped.
        """
    package static let why = """
        With the main actor as the module's default (SE-0466), a type's conformances are \
        isolated to the main actor too (SE-0470): NoteRecord can be decoded only on the \
        main actor. Such a conformance never satisfies a requirement whose type parameter is \
        also Sendable, because generic code may send a Sendable type, and its conformances, \
        to another actor; the importer's Record: Decodable & Sendable says it will. The \
        record is Sendable already: declaring it so changes nothing. Marking the record, or \
        only its conformance, nonisolated lets any actor decode it; an importer on the main \
        actor can use the isolated conformance as it is. A @preconcurrency conformance \
        silences the compiler, and SE-0423 checks its witnesses at run time instead: \
        init(from:) stops the program off the main actor. The compiler checks the use of \
        the record's own conformance, not every conformance built from it: decoding \
        [NoteRecord] on an actor compiles and runs off the main actor.
        """

    /// How many records each program encodes and its importer decodes.
    package static let recordCount = 100

    /// The record, as an app module declares it: no isolation written.
    package static let record = """
        // snippet: record
        struct NoteRecord: Codable {
            var id: Int
            var title: String
        }
        // snippet: end

        """

    /// The record's first line in the builds that change it.
    package static let declaredSendable = "struct NoteRecord: Codable, Sendable"
    package static let nonisolatedType = "nonisolated struct NoteRecord: Codable"
    package static let nonisolatedConformance = "struct NoteRecord: nonisolated Codable"
    package static let preconcurrencyConformance = "struct NoteRecord: @preconcurrency Codable"

    /// ``record`` with `declaration` as its first line.
    static func record(declaredAs declaration: String) -> String {
        record.replacingOccurrences(of: "struct NoteRecord: Codable {", with: declaration + " {")
    }

    /// The importer the lesson is about: an actor, so its work runs off the main actor, that
    /// decodes any record type it can hand back to its caller.
    package static let backgroundImporter = """
        // snippet: background-importer
        actor RecordImporter {
            func importRecords<Record: Decodable & Sendable>(
                _ type: Record.Type, from data: Data
            ) throws -> (records: [Record], onMainActor: Bool) {
                (try JSONDecoder().decode([Record].self, from: data), Place.isMainActor)
            }
        }
        // snippet: end

        """

    /// The same import kept on the main actor: a class, which the module's default isolates
    /// to the main actor, with no `Sendable` requirement, since its records never leave it.
    package static let mainActorImporter = """
        // snippet: main-actor-importer
        final class MainActorImporter {
            func importRecords<Record: Decodable>(
                _ type: Record.Type, from data: Data
            ) throws -> (records: [Record], onMainActor: Bool) {
                (try JSONDecoder().decode([Record].self, from: data), Place.isMainActor)
            }
        }
        // snippet: end

        """

    /// An actor that decodes one record of the concrete type itself.
    package static let singleRecordImporter = """
        // snippet: single-record-importer
        actor SingleNoteImporter {
            func importNote(from data: Data) throws -> NoteRecord {
                try JSONDecoder().decode(NoteRecord.self, from: data)
            }
        }
        // snippet: end

        """

    /// An actor that decodes an array of the concrete type itself.
    package static let arrayImporter = """
        // snippet: array-importer
        actor NoteImporter {
            func importNotes(from data: Data) throws -> (records: [NoteRecord], onMainActor: Bool) {
                (try JSONDecoder().decode([NoteRecord].self, from: data), Place.isMainActor)
            }
        }
        // snippet: end

        """

    /// A program: `record` and `importer`, and top-level code, on the main actor, that
    /// encodes the records, awaits `call` and prints what the importer decoded and where.
    static func program(record: String, importer: String, call: String) -> String {
        "import Foundation\n" + Snippet.place + record + importer + """
            _ = Place.key
            let data = try JSONEncoder().encode((1...\(recordCount)).map { NoteRecord(id: $0, title: "Note \\($0)") })
            let (records, onMainActor) = \(call)
            print("decoded \\(records.count) \\(onMainActor)")

            """
    }

    static let callBackgroundImporter = "try await RecordImporter().importRecords(NoteRecord.self, from: data)"
    static let callMainActorImporter = "try MainActorImporter().importRecords(NoteRecord.self, from: data)"
    static let callArrayImporter = "try await NoteImporter().importNotes(from: data)"

    package static var listings: [(title: String, code: String)] {
        Snippet.listings([
            ("The record", record),
            ("The background importer", backgroundImporter),
            ("An importer on the main actor", mainActorImporter),
            ("An actor that decodes one record", singleRecordImporter),
            ("An actor that decodes an array of records", arrayImporter),
        ])
    }

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let arguments = DefaultIsolationDemo.mainActorDefault
        func build(_ record: String, _ importer: String, calling call: String) async throws -> Build {
            let program = Self.program(record: record, importer: importer, call: call)
            let (errors, run) = try await environment.compileAndRunToEnd(Snippet.withoutMarkers(program), arguments: arguments)
            guard let run else { return Build(errors: errors) }
            if let signal = run.signal { return Build(errors: [], signal: signal) }
            guard run.exitStatus == 0, let words = Snippet.printed(run.output)["decoded"], words.count == 2,
                  let decoded = Int(words[0]) else {
                throw DemoError.unexpected("the module printed: \(run.output)")
            }
            return Build(errors: [], decoded: decoded, onMainActor: words[1] == "true")
        }
        let singleRecordModule = "import Foundation\n" + Snippet.place + Self.record + Self.singleRecordImporter
        return Outcome(
            backgroundImporter: try await build(Self.record, Self.backgroundImporter, calling: Self.callBackgroundImporter),
            sendableRecord: try await build(
                Self.record(declaredAs: Self.declaredSendable), Self.backgroundImporter, calling: Self.callBackgroundImporter
            ),
            nonisolatedRecord: try await build(
                Self.record(declaredAs: Self.nonisolatedType), Self.backgroundImporter, calling: Self.callBackgroundImporter
            ),
            nonisolatedConformance: try await build(
                Self.record(declaredAs: Self.nonisolatedConformance), Self.backgroundImporter,
                calling: Self.callBackgroundImporter
            ),
            preconcurrencyConformance: try await build(
                Self.record(declaredAs: Self.preconcurrencyConformance), Self.backgroundImporter,
                calling: Self.callBackgroundImporter
            ),
            mainActorImporter: try await build(Self.record, Self.mainActorImporter, calling: Self.callMainActorImporter),
            singleRecordImporterErrors: try await environment.typecheck(
                Snippet.withoutMarkers(singleRecordModule), arguments: arguments
            ),
            arrayImporter: try await build(Self.record, Self.arrayImporter, calling: Self.callArrayImporter)
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func built(_ build: Build) -> String {
            if build.errors.isEmpty, let signal = build.signal {
                return "compiles, and the run stopped with signal \(signal) before the importer returned"
            }
            guard build.errors.isEmpty, let decoded = build.decoded, let onMainActor = build.onMainActor else {
                return Snippet.verdict(build.errors)
            }
            return "compiles, and the importer decoded \(decoded) records \(onMainActor ? "on" : "off") the main actor"
        }
        let arrayGap = outcome.arrayImporter.errors.isEmpty && !outcome.singleRecordImporterErrors.isEmpty
        return [
            "Built with -default-isolation MainActor, the background importer \(built(outcome.backgroundImporter)).",
            "With the record declared Codable, Sendable, it \(built(outcome.sendableRecord)).",
            "With the record marked nonisolated, it \(built(outcome.nonisolatedRecord)).",
            "With only its conformance marked nonisolated (NoteRecord: nonisolated Codable), it "
                + "\(built(outcome.nonisolatedConformance)).",
            "With its conformance marked @preconcurrency, it \(built(outcome.preconcurrencyConformance)).",
            "With the record as written and the importer on the main actor, it \(built(outcome.mainActorImporter)).",
            "An actor that decodes one NoteRecord \(Snippet.verdict(outcome.singleRecordImporterErrors)).",
            "An actor that decodes [NoteRecord] \(built(outcome.arrayImporter))"
                + (arrayGap ? ": the compiler did not check the record's conformance inside Array's." : "."),
        ]
    }
}
