// `Jemalloc` is the package's default trait; the sanitizer builds turn it off (Package.swift).
#if Jemalloc && canImport(CJemalloc)
import CJemalloc
#endif

// MARK: - AllocationMeter

/// Reads jemalloc's statistics: how many allocations the process made, how many bytes,
/// and how many bytes are live now.
///
/// jemalloc replaces malloc for the whole process when the lab links it. Its counters are
/// exact at any moment only with its thread caches off (with them on, they lag behind what
/// each thread caches), and the caches off slow every allocation down. So the meter
/// counts only in a process started with `MALLOC_CONF=tcache:false`: `lab bench` runs its
/// counting pass in such a child process, and times the rows in its own process, with the
/// caches on. The statistics are process-wide: read them around one row at a time.
package enum AllocationMeter {
    /// A snapshot of the allocator's counters.
    package struct Reading: Sendable, Equatable {
        /// Allocations made since the process started.
        package var allocations: UInt64
        /// Bytes requested by those allocations, by size class.
        package var allocatedBytes: UInt64
        /// Bytes allocated and not yet freed.
        package var liveBytes: UInt64

        package init(allocations: UInt64, allocatedBytes: UInt64, liveBytes: UInt64) {
            self.allocations = allocations
            self.allocatedBytes = allocatedBytes
            self.liveBytes = liveBytes
        }

        /// Nothing allocated: where a sum of readings starts.
        package static let zero = Reading(allocations: 0, allocatedBytes: 0, liveBytes: 0)

        package static func + (lhs: Reading, rhs: Reading) -> Reading {
            Reading(
                allocations: lhs.allocations &+ rhs.allocations,
                allocatedBytes: lhs.allocatedBytes &+ rhs.allocatedBytes,
                liveBytes: lhs.liveBytes &+ rhs.liveBytes
            )
        }

        package static func - (lhs: Reading, rhs: Reading) -> Reading {
            Reading(
                allocations: lhs.allocations &- rhs.allocations,
                allocatedBytes: lhs.allocatedBytes &- rhs.allocatedBytes,
                liveBytes: lhs.liveBytes &- rhs.liveBytes
            )
        }
    }

    /// Whether this build links jemalloc: the default trait on Linux, not in sanitizer builds.
    package static let isLinked: Bool = {
        #if Jemalloc && canImport(CJemalloc)
        true
        #else
        false
        #endif
    }()

    /// Whether jemalloc is the process's allocator, with exact statistics.
    package static let isAvailable: Bool = {
        #if Jemalloc && canImport(CJemalloc)
        guard let threadCaches: Bool = Control.read("opt.tcache") else { return false }
        return !threadCaches && Control.read("stats.allocated") as Int? != nil
        #else
        return false
        #endif
    }()

    package static let unavailableReason: String = {
        #if Jemalloc
        "exact allocation counts need jemalloc (linked on Linux only) with its thread caches off (MALLOC_CONF=tcache:false)"
        #else
        "this build leaves jemalloc out (its Jemalloc trait is off, as in the sanitizer builds, whose runtime owns malloc)"
        #endif
    }()

    /// The environment variable and value that turn jemalloc's thread caches off in a child
    /// process, so that the meter is available there.
    package static let exactCountingEnvironment = (name: "MALLOC_CONF", value: "tcache:false")

    /// The counters now, or nil where jemalloc is not the allocator.
    package static func read() -> Reading? {
        #if Jemalloc && canImport(CJemalloc)
        guard isAvailable else { return nil }
        Control.refresh()
        var allocations: UInt64 = 0
        var bytes: UInt64 = 0
        for sizeClass in SizeClasses.shared.all {
            let count: UInt64 = Control.read(by: sizeClass.nmalloc) ?? 0
            allocations &+= count
            bytes &+= count &* sizeClass.size
        }
        let live: Int = Control.read(by: SizeClasses.shared.liveBytes) ?? 0
        return Reading(allocations: allocations, allocatedBytes: bytes, liveBytes: UInt64(live))
        #else
        return nil
        #endif
    }
}

#if Jemalloc && canImport(CJemalloc)

// MARK: - Control

/// `mallctl`, typed.
enum Control {
    /// Statistics are a snapshot taken at the last "epoch"; advancing it refreshes them.
    static func refresh() {
        var epoch: UInt64 = 1
        _ = mallctlbymib(epochMIB, epochMIB.count, nil, nil, &epoch, MemoryLayout<UInt64>.size)
    }

    /// Looked up once: turning a name into a MIB allocates.
    private static let epochMIB = mib("epoch") ?? []

    static func read<Value: BitwiseCopyable>(_ name: String) -> Value? {
        mib(name).flatMap { read(by: $0) }
    }

    /// Reads into stack memory: a reading must not allocate, or the meter would count itself.
    static func read<Value: BitwiseCopyable>(by mib: [Int]) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            var size = MemoryLayout<Value>.size
            let status = mib.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, buffer.baseAddress, &size, nil, 0)
            }
            return status == 0 ? buffer[0] : nil
        }
    }

    /// The management-information base of `name`: its path as numbers, so later reads skip
    /// the name lookup (which allocates).
    static func mib(_ name: String) -> [Int]? {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        guard mallctlnametomib(name, &mib, &length) == 0 else { return nil }
        return Array(mib[..<length])
    }

    /// The MIB of `name`, with `index` in place of its "0" part at `position`.
    static func mib(_ name: String, replacing position: Int, with index: Int) -> [Int]? {
        guard var mib = mib(name) else { return nil }
        mib[position] = index
        return mib
    }
}

// MARK: - SizeClasses

/// jemalloc's size classes and, for each, the counter of allocations in it, summed over
/// every arena (`MALLCTL_ARENAS_ALL`, 4096).
struct SizeClasses: Sendable {
    struct SizeClass: Sendable {
        var size: UInt64
        var nmalloc: [Int]
    }

    /// The small size classes (bins), then the large ones (extents).
    let all: [SizeClass]
    /// The MIB of `stats.allocated`, the live bytes.
    let liveBytes: [Int]

    static let shared = SizeClasses()
    private static let allArenas = 4096

    private init() {
        liveBytes = Control.mib("stats.allocated") ?? []
        let bins: UInt32 = Control.read("arenas.nbins") ?? 0
        let extents: UInt32 = Control.read("arenas.nlextents") ?? 0
        all = Self.classes(count: bins, size: "arenas.bin.0.size", counter: "stats.arenas.0.bins.0.nmalloc")
            + Self.classes(count: extents, size: "arenas.lextent.0.size", counter: "stats.arenas.0.lextents.0.nmalloc")
    }

    /// Size classes `0..<count`: the "0" after the class kind is the class index, the one
    /// after "arenas" the arena, which is set to every arena at once.
    private static func classes(count: UInt32, size sizeName: String, counter counterName: String) -> [SizeClass] {
        (0..<Int(count)).compactMap { index in
            guard let sizeMib = Control.mib(sizeName, replacing: 2, with: index),
                  let size: Int = Control.read(by: sizeMib),
                  var counter = Control.mib(counterName, replacing: 4, with: index)
            else { return nil }
            counter[2] = allArenas
            return SizeClass(size: UInt64(size), nmalloc: counter)
        }
    }
}

#endif
