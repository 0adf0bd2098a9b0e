// Lesson 10: making every model object an actor turns every property read into hops.
// Source: "SwiftData에서 ModelActor 사용하기", pookjw (000).

import ActorPerObjectStore
import CustomExecutorStore
import NoteStore
import Workload

import Foundation
import Support

// MARK: - ValuesRead

/// Where the demo keeps the values it reads. Each `await` is followed by a store into this
/// object, as in the hop meter's oracles: in an optimized build, a hop back to the caller
/// that nothing needs before the next hop into the same actor is removed, and three reads
/// whose values were dropped counted 2 hops instead of 6.
final class ValuesRead {
    var title = ""
    var body = ""
    var modified = Date(timeIntervalSince1970: 0)
}

// MARK: - ActorPerObjectDemo

package struct ActorPerObjectDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// Reading one property of a note actor.
        package var hopsPerPropertyRead: Double?
        /// Reading title, body and modified date of a note actor.
        package var hopsForThreeProperties: Double?
        /// The same three values in one snapshot, from an actor on the context's queue.
        package var hopsForOneSnapshot: Double?
        /// Saving an edit through a note actor.
        package var hopsPerEdit: Double?
        /// Whether both ways read the same values: property by property and as one
        /// snapshot before the edit, and after the edit.
        package var sameValues: Bool
    }

    package static let name = "actor-per-object"
    package static let lesson = 10
    package static let summary = "an actor per note: every property read from outside is a round trip"
    package static let source = Article.modelActorPerObject
    package static let chapter = "Docs/LabGuide.docc/ActorPerObject.md"
    package static let whatItDoes = """
        Gets note 1 as a NoteObject, the actor-per-object row's note actor, and reads one \
        property, then three, a hundred times each; then reads the same three values as one \
        snapshot through CustomExecutorRepository, and saves an edit through the note \
        actor. The hop meter counts each.
        """
    package static let why = """
        pookjw turned a SwiftData model into an actor: the macros fought back (key paths \
        became actor-isolated) and the backing storage needed non-isolated hacks. Even done \
        cleanly, an actor per object puts an isolation boundary around every object, so \
        every property read from outside is an await and two hops, and a write has to leave \
        the note for the store and come back. Keep objects inside one actor that owns the \
        context, and send values or identifiers across.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 1, debug: true)
        let id = NoteID(1)
        let objects = try ActorPerObjectRepository(container: container)
        let note = try await objects.object(for: id)
        // snippet: reads
        let read = ValuesRead()
        let oneRead = try await Hops.perCall { read.title = await note.title }
        let threeReads = try await Hops.perCall {
            read.title = await note.title
            read.body = await note.body
            read.modified = await note.modified
        }
        // snippet: end
        let modelActor = try CustomExecutorRepository(container: container)
        var snapshot: NoteSnapshot?
        let snapshotRead = try await Hops.perCall { snapshot = try await modelActor.snapshot(of: id) }
        let edit = try await Hops.perCall(10) { try await note.apply(NoteEdit(body: "Edited.", modifiedAdvance: 1)) }
        let fromNote = await note.snapshot
        let fromModelActor = try await modelActor.snapshot(of: id)
        await modelActor.close()
        try await objects.close()
        let readTheSnapshot = snapshot.map {
            read.title == $0.title && read.body == $0.body && read.modified == $0.modified
        } ?? false
        return Outcome(
            hopsPerPropertyRead: oneRead, hopsForThreeProperties: threeReads, hopsForOneSnapshot: snapshotRead,
            hopsPerEdit: edit, sameValues: readTheSnapshot && fromNote == fromModelActor
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "Reading one property of the note actor cost \(Hops.describe(outcome.hopsPerPropertyRead)).",
            "Reading three cost \(Hops.describe(outcome.hopsForThreeProperties))"
                + (outcome.hopsForThreeProperties.map { ": \(Format.compact($0 / 3)) per property." } ?? "."),
            "One snapshot of the same values from the actor on the context's queue cost "
                + "\(Hops.describe(outcome.hopsForOneSnapshot)).",
            "Saving an edit through the note actor cost \(Hops.describe(outcome.hopsPerEdit)).",
            "Both ways read \(outcome.sameValues ? "the same" : "different") values.",
        ]
    }
}
