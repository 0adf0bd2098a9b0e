import ChildProcesses
import Foundation
import Testing

@testable import WorkshopChecks

/// How a check reads ThreadSanitizer's reports: which are about the exercise's code, and
/// the two accesses each names.
@Suite("ThreadSanitizer's reports")
struct ThreadSanitizerTests {
    static let log = """
        ==================
        WARNING: ThreadSanitizer: Swift access race (pid=6512)
          Modifying access of Swift variable at 0x720800000030 by thread T7:
            #0 closure #1 in QueueArchive.importBatch(_:) /src/Workshop/Exercises/01-confinement/QueueArchive.swift:25:86 (Exercise01+0xfcfb1)
            #1 NoteContext.perform(schedule:_:) /src/Sources/Store/NoteStore/NoteContext+Perform.swift:40:9 (Exercise01+0xfd99d)

          Previous read of size 8 at 0x720800000030 by thread T4:
            #0 QueueArchive.snapshot(of:) /src/Workshop/Exercises/01-confinement/QueueArchive.swift:31:9 (Exercise01+0xfdab6)
            #1 __tsan::invoke_and_release_block(void*) /llvm/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp:155:3 (Exercise01+0xf7cf6)

          Location is heap block of size 24 at 0x720800000020 allocated by main thread:
            #0 malloc /llvm/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5 (Exercise01+0x7a1a0)

          Thread T7 'notestore.archive' (tid=6517, running) created by main thread at:
            #0 pthread_create /llvm/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:1094:3 (Exercise01+0x7bd8a)

        SUMMARY: ThreadSanitizer: Swift access race /src/Workshop/Exercises/01-confinement/QueueArchive.swift:25:86 in closure #1
        ==================
        WARNING: ThreadSanitizer: data race (pid=6512)
          Write of size 8 at 0x7b0400001234 by thread T2:
            #0 SQLiteConnection.close() /src/Sources/Store/NoteStore/SQLite/SQLiteConnection.swift:110:9 (Exercise01+0x1234)

          Previous read of size 8 at 0x7b0400001234 by thread T3:
            #0 SQLiteConnection.statement(_:) /src/Sources/Store/NoteStore/SQLite/SQLiteConnection.swift:121:9 (Exercise01+0x1235)

        SUMMARY: ThreadSanitizer: data race /src/Sources/Store/NoteStore/SQLite/SQLiteConnection.swift:110:9 in SQLiteConnection.close()
        ==================
        ThreadSanitizer: reported 2 warnings
        """

    @Test("Each report is read with its kind and its two accesses; only a report through the exercise's files is its own")
    func reports() throws {
        let reports = RaceReport.all(in: Self.log)
        #expect(reports.map(\.kind) == ["Swift access race", "data race"])
        let own = try #require(reports.first)
        #expect(own.touches("01-confinement"))
        #expect(!reports[1].touches("01-confinement"))
        #expect(own.accesses.count == 2)
        #expect(own.describe(own.accesses[0], in: "01-confinement")
            == "a modifying access of Swift variable by thread T7 at QueueArchive.swift:25:86")
        #expect(own.describe(own.accesses[1], in: "01-confinement") == "a previous read of size 8 by thread T4 at QueueArchive.swift:31:9")
    }

    @Test("The races check fails on a report in the exercise's code, names both accesses, and passes on the lab's own")
    func check() {
        let run = ChildRun(
            exercise: .confinement, result: .init(output: "", exitStatus: 0, signal: nil), watchdog: .seconds(60), token: "T"
        )
        let reports = RaceReport.all(in: Self.log)
        let failed = Check.races(reports, exercise: .confinement, run: run)
        #expect(failed.status == .failed)
        #expect(failed.problem?.contains("QueueArchive.swift:25:86") == true)
        #expect(failed.problem?.contains("QueueArchive.swift:31:9") == true)
        #expect(Check.races(Array(reports.dropFirst()), exercise: .confinement, run: run).status == .passed)
        #expect(Check.races(nil, exercise: .confinement, run: run).status == .unavailable)
    }

    @Test("A child's reports go to the check's folder; the outer options keep their suppressions")
    func options() {
        let folder = URL(fileURLWithPath: "/tmp/lab-races-1")
        let options = ThreadSanitizer.options(
            reportingInto: folder, over: "suppressions=/lab/race.supp print_suppressions=1 log_path=/logs/report exitcode=66"
        )
        #expect(options == "suppressions=/lab/race.supp print_suppressions=1 log_path=/tmp/lab-races-1/report exitcode=0")
        #expect(ThreadSanitizer.logPath(in: "suppressions=/x log_path=/logs/report") == "/logs/report")
        #expect(ThreadSanitizer.logPath(in: nil) == nil)
    }
}
