import Testing

import Demos

/// A value that is not `Sendable`, such as a fetch request or a new note, can still be sent
/// into the global actor when nothing else can reach it (region-based isolation, SE-0414, and
/// `sending`, SE-0430). The guide's chapter on the global actor quotes these snippets;
/// each one is compiled by `swiftc` in Swift 6 mode, through the SIL passes that check
/// what is sent.
@Suite("Sending a fetch request or a new note into the global actor")
struct SendingTests {
    /// What every snippet shares: a request class, the global actor and a fetch on it, a note
    /// class and an insert that keeps the note in the actor.
    static let prelude = """
        // snippet: sending-prelude
        final class FetchRequest {  // a class, like NSFetchRequest: not Sendable
            var titleContains = ""
            var fetchLimit = 0
        }

        @globalActor actor DatabaseActor {
            static let shared = DatabaseActor()
        }

        @DatabaseActor func fetchTitles(_ request: FetchRequest) -> [String] {
            Array(repeating: request.titleContains, count: request.fetchLimit)
        }

        final class Note {  // a new model object, not yet in a context: not Sendable
            var title: String
            init(title: String) { self.title = title }
        }

        @DatabaseActor final class NoteInbox {
            static let shared = NoteInbox()
            var notes: [Note] = []
        }

        @DatabaseActor func insert(_ note: Note) {
            NoteInbox.shared.notes.append(note)  // from here on, the note belongs to the actor
        }
        // snippet: end

        """

    /// Made here, and not used after the call: its region is disconnected, so it is sent.
    static let freshRequest = """
        // snippet: sending-fresh
        func recentTitles() async -> [String] {
            let request = FetchRequest()  // nothing else refers to it
            request.titleContains = "actor"
            request.fetchLimit = 10
            return await fetchTitles(request)  // sent into the actor, never used again
        }
        // snippet: end

        """

    /// Used again after it was sent: the actor and this function could touch it at once.
    static let requestUsedAfterwards = """
        // snippet: sending-reused
        func recentTitlesTwice() async -> [String] {
            let request = FetchRequest()
            request.fetchLimit = 10
            let titles = await fetchTitles(request)
            request.fetchLimit = 20  // the request is still in use here
            return titles
        }
        // snippet: end

        """

    /// A note made here and handed over: the actor may keep it.
    static let freshNote = """
        // snippet: sending-new-note
        func addNote(titled title: String) async {
            let note = Note(title: title)  // made here, nothing else refers to it
            await insert(note)  // sent into the actor, which keeps it
        }
        // snippet: end

        """

    /// A note still edited after the actor got it.
    static let noteUsedAfterwards = """
        // snippet: sending-new-note-reused
        func addNoteAndRename(titled title: String) async {
            let note = Note(title: title)
            await insert(note)
            note.title += " (draft)"  // the actor holds this note now
        }
        // snippet: end

        """

    /// A parameter belongs to the caller, who may still use it: it cannot be sent on.
    static let parameter = """
        func titles(matching request: FetchRequest) async -> [String] {
            await fetchTitles(request)
        }

        """

    /// A `sending` parameter: the caller gave the request up, so it can be sent on.
    static let sendingParameter = """
        // snippet: sending-parameter
        func titles(matching request: sending FetchRequest) async -> [String] {
            await fetchTitles(request)
        }
        // snippet: end

        """

    static let sendingRisksDataRaces = "sending 'request' risks causing data races"

    static func errors(_ snippet: String, through stage: DemoEnvironment.CompilerStage = .dataRaceChecks) async throws -> [String] {
        try await DemoEnvironment.currentProcess().typecheck(prelude + snippet, through: stage)
    }

    @Test("A request made in the function and not used after the call is sent into the actor")
    func freshRequestIsSent() async throws {
        #expect(try await Self.errors(Self.freshRequest).isEmpty)
    }

    @Test("A request used after it was sent is rejected")
    func requestUsedAfterwardsIsRejected() async throws {
        #expect(try await Self.errors(Self.requestUsedAfterwards) == [Self.sendingRisksDataRaces])
    }

    @Test("A new note made in the function and handed over is sent into the actor")
    func freshNoteIsSent() async throws {
        #expect(try await Self.errors(Self.freshNote).isEmpty)
    }

    @Test("A new note edited after it was sent is rejected")
    func noteUsedAfterwardsIsRejected() async throws {
        #expect(try await Self.errors(Self.noteUsedAfterwards) == ["sending 'note' risks causing data races"])
    }

    @Test("A parameter is sent on only when it is declared sending")
    func parameterNeedsSending() async throws {
        #expect(try await Self.errors(Self.parameter) == [Self.sendingRisksDataRaces])
        #expect(try await Self.errors(Self.sendingParameter).isEmpty)
    }

    @Test("Type checking alone accepts the request used afterwards: the check runs on SIL")
    func typecheckAloneMissesIt() async throws {
        #expect(try await Self.errors(Self.requestUsedAfterwards, through: .typecheck).isEmpty)
    }
}
