#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ProcessUsage

/// The CPU time and the voluntary context switches of the whole process so far, from
/// `getrusage`.
///
/// CPU time (user + system) is far less sensitive to a busy machine than wall time: a
/// thread that waits for a core does not accumulate it. A voluntary context switch is a
/// thread that blocked and later woke up: on a queue-confined pattern, mostly a thread
/// parking after its job and waking for the next one.
package struct ProcessUsage: Sendable, Equatable {
    /// User plus system CPU time, in nanoseconds, summed over every thread.
    package var cpuNanoseconds: Double
    /// Times a thread gave up its core to wait (`ru_nvcsw`), summed over every thread.
    package var voluntarySwitches: Int

    package init(cpuNanoseconds: Double, voluntarySwitches: Int) {
        self.cpuNanoseconds = cpuNanoseconds
        self.voluntarySwitches = voluntarySwitches
    }

    /// The usage of the process now.
    package static func now() -> ProcessUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func nanoseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
        return ProcessUsage(
            cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
            voluntarySwitches: Int(usage.ru_nvcsw)
        )
    }

    /// The usage of the calling thread alone, where the platform counts it (Linux's
    /// `RUSAGE_THREAD`); nil elsewhere.
    package static func thisThread() -> ProcessUsage? {
        #if os(Linux)
        // RUSAGE_THREAD of <sys/resource.h>, which Swift's Glibc module leaves out (it is
        // declared for _GNU_SOURCE only).
        let rusageThread: Int32 = 1
        var usage = rusage()
        guard getrusage(rusageThread, &usage) == 0 else { return nil }
        func nanoseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
        return ProcessUsage(
            cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
            voluntarySwitches: Int(usage.ru_nvcsw)
        )
        #else
        return nil
        #endif
    }

    /// No CPU time and no switch: where a sum of usages starts.
    package static let zero = ProcessUsage(cpuNanoseconds: 0, voluntarySwitches: 0)

    package static func + (lhs: ProcessUsage, rhs: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            cpuNanoseconds: lhs.cpuNanoseconds + rhs.cpuNanoseconds,
            voluntarySwitches: lhs.voluntarySwitches + rhs.voluntarySwitches
        )
    }

    package static func - (lhs: ProcessUsage, rhs: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            cpuNanoseconds: lhs.cpuNanoseconds - rhs.cpuNanoseconds,
            voluntarySwitches: lhs.voluntarySwitches - rhs.voluntarySwitches
        )
    }
}
