import Demos
import Foundation
import TestSupport
import NoteStore
import Testing
import Workload
import WorkshopKit

@testable import WorkshopChecks
import ChildProcesses
import Support

/// How a check reads the end of its measuring child: what was measured, what stopped it,
/// and where in the learner's file, from the text the child printed.
@Suite("Reading a measuring child's output")
struct ChildRunTests {
    static let trap = """
        workshop-step T0K3N: opening the archive
        workshop-measured T0K3N: {"isModelActor":false}
        workshop-step T0K3N: importing the setup batches
        NoteStore/ConcurrencyDebug.swift:42: Fatal error: NoteStore concurrency violation: NoteContext.fetch(_:) was used off the queue of context 'archive' (queue 'notestore.archive'). Wrap the access in perform { } or run it on an executor built on the context's queue.

        *** Signal 4: Backtracing from 0x7f69532f9361... done ***

        Thread 0 "Exercise01":
          0      0x00007f3066a5a301 sigsuspend + 65 in libc.so.6

        Thread 3 "oot.default-qos" crashed:
          0                  0x00007f69532f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
          1 [ra]             0x000055c947358373 static ConcurrencyDebug.trap(context:queue:touched:) + 1074 in Exercise01 at /src/Sources/Store/NoteStore/ConcurrencyDebug.swift:42:9
          4 [ra]             0x000055c947382609 QueueArchive.importBatch(_:) + 200 in Exercise01 at /src/Workshop/Exercises/01-confinement/QueueArchive.swift:24:28
          5 [async] [system] 0x000055c947381e00 async_MainTQ0_ in Exercise01 at //<compiler-generated>
        """

    static func run(_ output: String, signal: Int32? = 4, exitStatus: Int32? = nil, timedOut: Bool = false) -> ChildRun {
        let result = ChildProcess.Result(output: output, exitStatus: exitStatus, signal: signal, timedOut: timedOut)
        return ChildRun(exercise: .confinement, result: result, watchdog: .seconds(60), token: "T0K3N")
    }

    @Test("A trap of the debug mode is named, with the learner's line and the step that ran")
    func concurrencyTrap() throws {
        let run = Self.run(Self.trap)
        let stop = try #require(run.stop)
        #expect(stop.kind == .concurrencyViolation)
        #expect(stop.location == "QueueArchive.swift:24")
        #expect(stop.step == "importing the setup batches")
        #expect(stop.description.hasPrefix("the concurrency-debug trap fired at QueueArchive.swift:24 while importing"))
        #expect(!stop.description.contains("Wrap the access"))
        #expect(run.measured(as: ArchiveMeasurements.self).isModelActor == false)
    }

    @Test("A run-time isolation check, a deadlock and a deleted row's fault are told apart")
    func crashKinds() {
        let isolation = """
            Thread 3 "-qos.overcommit" crashed:
              0               0x00007f30685782a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
              4 [ra]          0x00007f3068628eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
              5 [ra] [system] 0x0000564108540b22 closure #1 in NoteList.reload() + 113 in Exercise13 at /src/Workshop/Exercises/01-confinement/NoteList.swift
            """
        #expect(Self.run(isolation).stop?.kind == .isolationCheck)
        #expect(Self.run(isolation).stop?.location == "NoteList.swift, in closure #1 in NoteList.reload()")
        let deadlock = """
            Thread 1 "-qos.overcommit" crashed:
              0      0x00007f34a80be7d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
              2 [ra] 0x00007f3142f13be2 DispatchQueue.sync(execute:) + 145 in libswiftDispatch.so
            """
        #expect(Self.run(deadlock).stop?.kind == .deadlock)
        #expect(Self.run(deadlock).stop?.location == nil)
        let fault = "Fatal error: NoteStore: could not fulfil a fault: note 5 was deleted after it was looked up\n"
        #expect(Self.run(fault).stop?.kind == .unfulfilledFault)
        #expect(Self.run(fault).stop?.description == "a fault of a deleted row stopped the process: "
            + "could not fulfil a fault: note 5 was deleted after it was looked up")
    }

    @Test("A closure's isolation trap, whose frame has no line, names the line the closure starts on")
    func closureLine() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("13-inherited-isolation/NoteList.swift")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let source = """
            final class NoteList {
                func reload() async throws {
                    titles = try await withCheckedThrowingContinuation { continuation in
                        context.performBlock {
                            continuation.resume(with: Result { try self.context.fetch().map(\\.title) })
                        }
                    }
                }
            }
            """
        try Data(source.utf8).write(to: file)
        let isolation = """
            Thread 3 "-qos.overcommit" crashed:
              4 [ra]          0x00007f3068628eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
              5 [ra] [system] 0x0000564108540b22 closure #1 in closure #1 in NoteList.reload() + 113 in Exercise13 at \(file.path)
            """
        let run = ChildRun(
            exercise: .inheritedIsolation, result: .init(output: isolation, exitStatus: nil, signal: 4), watchdog: .seconds(60), token: "T"
        )
        #expect(run.stop?.location == "NoteList.swift:4, in closure #1 in closure #1 in NoteList.reload()")
    }

    @Test("A run that ends normally has no stop; a thrown error and the watchdog are stops")
    func endings() {
        #expect(Self.run("workshop-step T0K3N: reading\n", signal: nil, exitStatus: 0).stop == nil)
        let threw = Self.run("workshop-step T0K3N: reading\nworkshop-error T0K3N: note 5 does not exist in the database\n", signal: nil, exitStatus: 2)
        #expect(threw.stop?.kind == .error)
        #expect(threw.stop?.message == "note 5 does not exist in the database")
        let stuck = Self.run("workshop-step T0K3N: importing\n", signal: 9, timedOut: true)
        #expect(stuck.stop?.kind == .timeout)
        #expect(stuck.stop?.description.contains("watchdog") == true)
    }

    @Test("Lines the learner's code prints are not measurements: only lines with the run's token count")
    func forgedLines() {
        let forged = """
            workshop-measured: {"isModelActor":true}
            workshop-measured OTHER: {"isModelActor":true}
            workshop-ledger: {"containersOpened":1,"containersHandedIn":1,"waits":{"mainThread":0,"contextQueue":0,"cooperativePool":0}}
            workshop-error: none
            """
        let run = Self.run(forged, signal: nil, exitStatus: 0)
        #expect(run.measured(as: ArchiveMeasurements.self).isModelActor == nil)
        #expect(run.ledger == nil)
        #expect(run.stop == nil)
    }

    @Test("lab workshop check reads only the report marked with its token, from a run that ended by itself as the report says")
    func reportChannel() throws {
        let report = CheckReport(exercise: .confinement, checks: [Check(id: .trap, status: .passed, expected: "", measured: "")])
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        let marked = "workshop-report T0K3N: \(json)\n"
        #expect(CheckReport(output: marked, token: "T0K3N", exitStatus: 0, signal: nil)?.passed == true)
        #expect(CheckReport(output: "workshop-report: \(json)\n", token: "T0K3N", exitStatus: 0, signal: nil) == nil, "a line without the token")
        #expect(CheckReport(output: marked, token: "T0K3N", exitStatus: nil, signal: 9) == nil, "a process killed by a signal")
        #expect(CheckReport(output: marked, token: "T0K3N", exitStatus: 1, signal: nil) == nil, "an exit status that says otherwise")
    }

    @Test(
        "A crash without a trap message says why, in the words of whoever stopped it, with its signal",
        arguments: [
            (
                "\n*** Signal 11: Backtracing from 0x5626b1b21ad6... done ***\n\n*** Program crashed: Bad pointer dereference at 0x0000000000000008 ***\n",
                Int32?.none, "Bad pointer dereference (SIGSEGV, signal 11)"
            ),
            (
                "\n*** Signal 4: Backtracing from 0x55c4aaf0bf87... done ***\n\n*** Swift runtime failure: arithmetic overflow ***\n",
                Int32?.some(4), "Swift runtime failure: arithmetic overflow (SIGILL, signal 4)"
            ),
            (
                "Simultaneous accesses to 0x5630bf65da60, but modification requires exclusive access.\nFatal access conflict detected.\n",
                Int32?.some(6), "Swift's exclusivity check: two accesses to one variable overlapped, and one of them modified it "
                    + "(\"Simultaneous accesses, but modification requires exclusive access.\") (SIGABRT, signal 6)"
            ),
            ("free(): invalid pointer\n", Int32?.some(6), "the C library's allocator stopped the process: \"free(): invalid pointer\" (SIGABRT, signal 6)"),
            ("", Int32?.some(9), "stopped by SIGKILL, signal 9"),
        ]
    )
    func crashReasons(_ output: String, signal: Int32?, reason: String) {
        let run = Self.run("workshop-step T0K3N: importing\n" + output, signal: signal, exitStatus: signal == nil ? 1 : nil)
        #expect(run.stop?.kind == .crash)
        #expect(run.stop?.message == reason)
        #expect(run.stop?.description == "the process crashed while importing: \(reason)")
    }

    @Test("Checks after a stop are not measured, and say so")
    func notMeasuredAfterAStop() {
        let checks = ConfinementCheck<NoArchive>.checks(ArchiveMeasurements(), run: Self.run(Self.trap), data: WorkshopData(seed: 1))
        #expect(checks.map(\.status) == [.failed, .notMeasured, .notMeasured, .notMeasured, .notMeasured])
        #expect(CheckReport(exercise: .confinement, checks: checks).firstFailure?.id == "trap")
    }
}

/// A type to name a checker with: its methods never run here.
private struct NoArchive: NoteArchive {
    init(container: NoteContainer) throws {}
    func importBatch(_ batch: NoteBatch) async throws {}
    func snapshot(of id: NoteID) async throws -> NoteSnapshot { fatalError("not run") }
}
