// An unannotated Objective-C callback API, as Swift sees one that was never audited for
// concurrency: a plain escaping closure, neither `Sendable` nor `sending`, run later on the
// context's queue. Core Data's `performBlock:` had this shape in older SDKs; today's SDK
// imports `perform(_:)` with a `@Sendable` closure, which gets a compile-time error instead
// of this run-time check (the guide's chapter "The crash with no warning").
//
// This target alone is compiled in the Swift 5 language mode (Package.swift), as such a
// framework is. Swift 6 code that calls it gets no diagnostic: a closure written in
// `@MainActor` code is then isolated to the main actor, the compiler trusts the API to
// call it there, and it checks that at run time instead, when the closure starts on the
// context's queue (exercise 13 of the workshop).

import NoteStore

// snippet: perform-block
extension NoteContext {
    /// Schedules `block` on the context's queue and returns at once.
    public func performBlock(_ block: @escaping () -> Void) {
        // The promise such a framework makes without saying so: the closure goes to another
        // thread as it is.
        nonisolated(unsafe) let block = block
        queue.async { block() }
    }
}
// snippet: end
