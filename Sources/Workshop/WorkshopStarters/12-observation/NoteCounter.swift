// Exercise 12: observation's accidental dependency. Lesson 12: withObservationTracking
// records every read, and a read in init registers a dependency by accident.
// Source: "내가 SwiftUI로 개발하면서 고민했던 내용 정리", pookjw.
//
// NoteCounter is a view model that SwiftUI would create while it tracks a view's body.
// `lab workshop check 12` creates it inside withObservationTracking, changes its count, and
// checks which handlers fire: only one that read count should.
//
// Keep the class's name and its CountingModel conformance: the check uses them.

import Observation
import WorkshopKit

@Observable
final class NoteCounter: CountingModel {
    var count: Int
    private(set) var summary = ""

    init(count: Int) {
        self.count = count
        summary = "\(self.count) notes"
    }
}
