#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ConcurrencyDebug

/// The store's concurrency-debug mode (lesson 2): Core Data's
/// `-com.apple.CoreData.ConcurrencyDebug 1`, made for the lab.
///
/// When on, every use of a context or of one of its objects checks that it runs on the
/// context's queue and stops the process at once, naming the context and what was
/// touched, instead of letting the bug corrupt data silently. When off, the check is a
/// single branch on a constant, taken never.
public enum ConcurrencyDebug {
    /// The environment variable that turns the mode on for every container: set it to `1`.
    public static let environmentVariable = "NOTESTORE_CONCURRENCY_DEBUG"

    static let isEnabledByEnvironment: Bool =
        ProcessInfo.processInfo.environment[environmentVariable] == "1"

    /// The first words of every trap message, so tests and demos can recognise one.
    public static let trapPrefix = "NoteStore concurrency violation"

    /// The first words of the runtime's trap for a context confined to an actor
    /// (`NoteContext/confine(to:)`), which the runtime's own isolation check raises.
    public static let actorTrapPrefix = "Incorrect actor executor assumption"

    static func trap(context: String, queue: String, touched: String) -> Never {
        let message = """
            \(trapPrefix): \(touched) was used off the queue of context '\(context)' \
            (queue '\(queue)'). Wrap the access in perform { } or run it on an executor \
            built on the context's queue.

            """
        // Written before the trap so it reaches stderr even where the crash report is lost.
        var bytes = Array(message.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
        fatalError(message)
    }
}
