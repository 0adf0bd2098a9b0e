import Foundation
import NoteStore
import Testing
import Workload

/// The digest of reads is what proves a row read the right values: a row that returns a
/// wrong value anywhere in a note, even one byte or one millisecond, must not match the
/// reference model.
@Suite("Digest of reads")
struct ReadDigestTests {
    /// One way a row could read a note wrong.
    enum Fault: String, CaseIterable, Sendable {
        case folder, titleFirstByte, bodyMiddleByte, bodyLastByte, bodyOneByteShorter, created, modified

        func apply(to note: inout NoteSnapshot) {
            switch self {
            case .folder: note.folder = FolderID(note.folder.rawValue % 10 + 1)
            case .titleFirstByte: note.title = "X" + note.title.dropFirst()
            case .bodyMiddleByte:
                var bytes = Array(note.body.utf8)
                bytes[bytes.count / 2] ^= 0x01
                note.body = String(decoding: bytes, as: UTF8.self)
            case .bodyLastByte: note.body = note.body.dropLast() + "?"
            case .bodyOneByteShorter: note.body = String(note.body.dropLast())
            case .created: note.created = note.created.addingTimeInterval(0.001)
            case .modified: note.modified = note.modified.addingTimeInterval(-0.001)
            }
        }
    }

    /// A repository that reads one note wrong, and everything else right.
    actor FaultyRepository: ForwardingRepository {
        nonisolated let wrapped: any NoteRepository = ReferenceRepository()
        let faulty: NoteID
        let fault: Fault

        init(faulty: NoteID, fault: Fault) {
            self.faulty = faulty
            self.fault = fault
        }

        func snapshot(of id: NoteID) async throws -> NoteSnapshot {
            var note = try await wrapped.snapshot(of: id)
            if id == faulty { fault.apply(to: &note) }
            return note
        }
        func title(of id: NoteID) async throws -> String { try await snapshot(of: id).title }
        func body(of id: NoteID) async throws -> String { try await snapshot(of: id).body }
        func modified(of id: NoteID) async throws -> Date { try await snapshot(of: id).modified }
    }

    @Test("A row that reads one value of one note wrong does not match the reference", arguments: Fault.allCases)
    func wrongReadIsCaught(fault: Fault) async throws {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 50, clients: 1, seed: 5)
        guard case .pointRead(let faulty) = Array(plan.clients[0])[17] else {
            Issue.record("a point-read plan has point reads")
            return
        }
        let expected = ReferenceModel.expectedOutcome(of: plan)
        let right = try await ScenarioRunner.outcome(of: plan, on: ReferenceRepository(), concurrentClients: false)
        let wrong = try await ScenarioRunner.outcome(
            of: plan, on: FaultyRepository(faulty: faulty, fault: fault), concurrentClients: false
        )
        #expect(right == expected)
        #expect(wrong.checksum == expected.checksum)  // the database is right
        #expect(wrong.reads != expected.reads)  // what was read is not
    }

    @Test("The default point-read and import plans have pinned outcomes")
    func defaultPlans() {
        // The same values come out of Benchmarks/Limit/sqlite_limit.c, which generates the
        // same data and computes the same digest in C, and (the database checksums) out of
        // `lab bench` as each scenario's reference checksum: three implementations agree.
        let pointRead = ReferenceModel.expectedOutcome(
            of: ScenarioPlan(scenario: .pointRead, operations: Scenario.pointRead.definition.defaultOperations, clients: 1, seed: 42)
        )
        #expect(pointRead.checksum.description == "8b4b2a422015905f")
        #expect(pointRead.reads.description == "8558b365abc041c3")
        let importBatch = ReferenceModel.expectedOutcome(
            of: ScenarioPlan(scenario: .importBatch, operations: Scenario.importBatch.definition.defaultOperations, clients: 1, seed: 42)
        )
        #expect(importBatch.checksum.description == "3191e4b5166308e6")
        #expect(importBatch.noteCount == Scenario.importBatch.definition.defaultOperations * Scenario.batchSize)
    }
}
