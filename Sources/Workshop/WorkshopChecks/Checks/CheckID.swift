// MARK: - CheckID

/// The name of one check of an exercise's report, as `lab workshop check --json` prints it
/// (``Check/id``). An exercise lists the checks its report holds, and a wrong fix the check
/// that refuses it, by these: a name that no check has does not compile.
public enum CheckID: String, Sendable, CaseIterable {
    case behindWrites = "behind-writes"
    case cache
    case checksum
    case compiles
    case contexts
    case creation
    case deadlock
    case decoded
    case deleted
    case dispatches
    case done
    case executor
    case failure
    case frames
    case hops
    case ids
    case index
    case leaks
    case mainActor = "main-actor"
    case mainQueue = "main-queue"
    case memory
    case objects
    case opened
    case parsed
    case perform
    case queue
    case races
    case reads
    case rowReads = "row-reads"
    case rows
    case run
    case saved
    case saves
    case screen
    case shown
    case source
    case store
    case summary
    case `switch`
    case titles
    case tracking
    case trap
    case waits
}
