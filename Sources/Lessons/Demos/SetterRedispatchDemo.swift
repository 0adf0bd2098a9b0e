// Lesson 9: setters that re-dispatch onto their context's queue: a second line of defence.
// Source: "SwiftData 中的并发编程", Fatbobman (002).

import NoteStore

// MARK: - DefendedNote

/// A note whose accessors send themselves to the context's queue, as SwiftData's
/// `BackingData` does for a model's properties.
///
/// `@unchecked Sendable`: the note is reached only inside `performAndWait`, on its
/// context's queue, so any thread may hold this wrapper. That makes each access safe, not
/// a sequence of them: see the demo.
// snippet: defended-note
final class DefendedNote: @unchecked Sendable {
    private let note: Note

    init(_ note: Note) { self.note = note }

    var title: String {
        get { note.context.performAndWait { note.title } }
        set { note.context.performAndWait { note.title = newValue } }
    }
}
// snippet: end

// MARK: - SetterRedispatchDemo

package struct SetterRedispatchDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The title after a setter call from a thread off the context's queue, trap on.
        package var titleSetOffQueue: String
        /// Jobs the queue ran for one read and one write: each access is its own.
        package var jobsForReadAndWrite: Int
        /// Two edits that each read, then write, through the defended accessors.
        package var titleAfterInterleavedEdits: String
        /// The same two edits, each done whole inside one `performAndWait`.
        package var titleAfterEditsInPerform: String
    }

    package static let name = "setter-redispatch"
    package static let lesson = 9
    package static let summary = "setters that re-dispatch make each access safe, not a read-modify-write"
    package static let source = Article.swiftDataConcurrency
    package static let chapter = "Docs/LabGuide.docc/QueuePerform.md#a-second-line-of-defence"
    package static let whatItDoes = """
        Wraps a note in DefendedNote, whose title getter and setter each run on the \
        context's queue by themselves, and sets the title from a detached task with the \
        trap on. Then runs two edits, A and B, that each read the title and append to it, \
        in the order two threads can take: A reads, B reads and writes, A writes. Last, \
        the same two edits, each whole inside one performAndWait { }.
        """
    package static let why = """
        Fatbobman found that SwiftData's property accessors dispatch onto the right queue \
        themselves, so setting a model's property from the wrong thread works. Each access \
        is then safe on its own, but a read followed by a write is two jobs, and other work \
        can run between them: edit B was lost. Each access also costs a job on the queue. \
        A second line of defence, not a licence to skip the actor: keep a read-modify-write \
        in one perform { }, or in one method of an actor on the context's queue.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 1, debug: true)
        let context = try container.newContext(name: "editor")
        let note = try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: NoteID(1)) }
        let defended = DefendedNote(note)

        await Task.detached { defended.title = "Draft" }.value  // off the queue: re-dispatched, no trap
        let titleSetOffQueue = context.performAndWait { note.title }

        let jobsBefore = context.queue.jobCount
        defended.title = defended.title + ""
        let jobs = context.queue.jobCount - jobsBefore

        // snippet: interleaving
        let readByA = defended.title
        defended.title = defended.title + " +B"  // B reads and writes between A's read and A's write
        defended.title = readByA + " +A"
        // snippet: end
        let interleaved = context.performAndWait { note.title }

        context.performAndWait { note.title = "Draft" }
        for edit in [" +A", " +B"] {
            context.performAndWait { note.title += edit }
        }
        let inPerform = context.performAndWait { note.title }
        return Outcome(
            titleSetOffQueue: titleSetOffQueue, jobsForReadAndWrite: jobs,
            titleAfterInterleavedEdits: interleaved, titleAfterEditsInPerform: inPerform
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "The setter, called off the queue with the trap on, set the title to \"\(outcome.titleSetOffQueue)\".",
            "One read and one write through the accessors ran \(outcome.jobsForReadAndWrite) jobs on the queue.",
            "Interleaved, the two edits left \"\(outcome.titleAfterInterleavedEdits)\": B's edit is lost.",
            "Each whole inside one performAndWait { }, they left \"\(outcome.titleAfterEditsInPerform)\".",
        ]
    }
}
