// Exercise 12, a wrong fix: the read goes where the tracking cannot see it. Observation
// records the reads of the thread that runs the tracked closure, so init reads `count` on
// an operation queue's thread and waits for the answer: no dependency is registered, but
// init still reads the property the lesson says it must not, and parks the thread that
// creates the model (in an app, the main thread drawing a view) until another thread has
// run.
// Rejected by `creation`: init waited for another thread.

import Foundation
import Observation
import WorkshopKit

@Observable
final class ThreadHoppingCounter: CountingModel {
    var count: Int
    private(set) var summary = ""

    init(count: Int) {
        self.count = count
        let reader = CountReader(self)
        let queue = OperationQueue()
        queue.addOperations([BlockOperation { reader.read() }], waitUntilFinished: true)
        summary = "\(reader.count) notes"
    }
}

/// Carries the counter to the operation queue's thread and the count back.
///
/// `@unchecked Sendable`: written on the operation queue's thread, read after
/// `waitUntilFinished`, which orders the two.
private final class CountReader: @unchecked Sendable {
    private let counter: ThreadHoppingCounter
    var count = 0

    init(_ counter: ThreadHoppingCounter) { self.counter = counter }

    func read() { count = counter.count }
}
