// Lesson 12: observation tracking records every read, including one inside an initializer.
// Source: "내가 SwiftUI로 개발하면서 고민했던 내용 정리", pookjw (001).

import Observation
import Support

// MARK: - Two counters

// snippet: counters
/// Reads its tracked property in `init`: a dependency nobody asked for.
@Observable
final class CounterReadingProperty {
    var count: Int
    private(set) var described = ""

    init(count: Int) {
        self.count = count
        described = "count is \(self.count)"  // a tracked read
    }
}

/// Reads the macro's backing storage instead: no access is reported.
@Observable
final class CounterReadingStorage {
    var count: Int
    private(set) var described = ""

    init(count: Int) {
        self.count = count
        described = "count is \(self._count)"  // not tracked
    }
}
// snippet: end

// MARK: - ObservationDemo

package struct ObservationDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// Whether changing `count` fired the change handler of the tracking that created
        /// the model, when `init` read `self.count`.
        package var firedWhenInitReadsProperty: Bool
        /// The same, when `init` read `self._count`.
        package var firedWhenInitReadsStorage: Bool
    }

    package static let name = "observation"
    package static let lesson = 12
    package static let summary = "a read inside init registers an observation dependency by accident"
    package static let source = Article.swiftUINotes
    package static let chapter = "Docs/LabGuide.docc/Observation.md"
    package static let whatItDoes = """
        Creates an @Observable counter inside withObservationTracking, as SwiftUI does when \
        it builds a view's state, then changes its count and checks whether the change \
        handler fired. Once with an init that reads self.count, once with one that reads \
        self._count.
        """
    package static let why = """
        The @Observable macro turns each stored property into accessors that report every \
        read to the registrar. withObservationTracking collects those reads through a \
        thread-local list while its closure runs, and a read inside init is a read like any \
        other: SwiftUI would rebuild the view, and the view model with it, whenever count \
        changes. Reading self._count, the storage the macro generates, reports nothing. The \
        registrar is thread-safe, so the handler fires for a change made on any thread. The \
        Observation module ships with the toolchain on Linux.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        // snippet: tracking
        let firedForProperty = AtomicFlag()
        let readingProperty = withObservationTracking {
            CounterReadingProperty(count: 0)
        } onChange: {
            firedForProperty.raise()
        }
        readingProperty.count += 1
        // snippet: end
        let firedForStorage = AtomicFlag()
        let readingStorage = withObservationTracking {
            CounterReadingStorage(count: 0)
        } onChange: {
            firedForStorage.raise()
        }
        readingStorage.count += 1
        return Outcome(
            firedWhenInitReadsProperty: firedForProperty.isRaised, firedWhenInitReadsStorage: firedForStorage.isRaised
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "With self.count read in init, changing count \(outcome.firedWhenInitReadsProperty ? "fired" : "did not fire") "
                + "the handler.",
            "With self._count read in init, it \(outcome.firedWhenInitReadsStorage ? "fired" : "did not fire").",
        ]
    }
}
