// A wrong fix of exercise 12 (switches the compiler off): init builds the summary from the
// count read through Mirror, "reflection does not register a dependency". It reads the
// macro's private storage behind the type's back, by a name the macro may change, and
// with no access the registrar or the compiler can see.

import Observation
import WorkshopKit

@Observable
final class ReflectedCountCounter: CountingModel {
    var count: Int
    private(set) var summary = ""

    init(count: Int) {
        self.count = count
        let stored = Mirror(reflecting: self).children.first { $0.label == "_count" }?.value as? Int ?? 0
        summary = "\(stored) notes"
    }
}
