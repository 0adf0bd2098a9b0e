// A wrong fix of exercise 12 (skipping the work): the line that read count in init is
// deleted, so nothing is tracked, and the summary is never made. The check refuses it:
// `summary`.

import Observation
import WorkshopKit

@Observable
final class SummarylessCounter: CountingModel {
    var count: Int
    private(set) var summary = ""

    init(count: Int) {
        self.count = count
    }
}
