import Meters
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hop meter counts exactly what programs with known hop counts do.
///
/// The meter is process-wide and other suites run in parallel, so the oracles run in a
/// child process of their own (an exit test) and report their counts on standard output.
@Suite("Hop meter oracles")
struct HopOracleTests {
    @Test(
        "Every oracle counts exactly its expected hops, the same on every repetition",
        .enabled(if: HopMeter.isAvailable, "the swift_task_switch hook is not available on this platform")
    )
    func oraclesAreExact() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            for repetition in 1...3 {
                for oracle in await HopOracle.run() {
                    print("\(repetition)|\(oracle.name)|\(oracle.expected)|\(oracle.measured)")
                }
            }
            fflush(nil)
        }
        let lines = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
            .split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        #expect(lines.count == 3 * 9)
        for line in lines where line.count == 4 {
            #expect(line[2] == line[3], "\(line[1]) (repetition \(line[0])): expected \(line[2]) hops, counted \(line[3])")
        }
    }

    @Test("Hops are reported unavailable, never 0, where the hook is not proven")
    func availabilityIsExplicit() {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        #expect(HopMeter.isAvailable)
        #else
        #expect(!HopMeter.isAvailable)
        #endif
    }
}
