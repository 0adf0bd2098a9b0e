import Meters
import Testing

/// The leak zoo: each classic way to leak, found with the exact number of objects and the
/// path that holds them; each fix reports zero (lesson 11).
@Suite("Leak zoo")
struct LeakZooTests {
    // snippet: closure-tests
    @Test("A closure that captures its owner leaks the owner, retained through the closure")
    func closureCapturingOwner() {
        let report = LeakCheck.run { ClosureOwner(capturingSelf: true) }
        #expect(report.leakedObjects == 1)
        #expect(report.paths == ["ClosureOwner → handler → (closure)"])
    }

    @Test("A capture list fixes the closure cycle")
    func closureWithCaptureList() {
        let report = LeakCheck.run { ClosureOwner(capturingSelf: false) }
        #expect(report.leakedObjects == 0)
        #expect(report.paths.isEmpty)
    }
    // snippet: end

    @Test("A parent and child holding each other strongly leak both")
    func parentChildCycle() {
        let report = LeakCheck.run { Parent(children: 1, weakBackReference: false) }
        #expect(report.leakedObjects == 2)
        #expect(report.paths.contains("Parent → children[0] → Child → parent → Parent"))
    }

    @Test("A weak back-reference fixes the parent/child cycle")
    func parentChildWeak() {
        let report = LeakCheck.run { Parent(children: 3, weakBackReference: true) }
        #expect(report.leakedObjects == 0)
    }

    @Test("A cycle through an array of children leaks the parent and every child")
    func cycleThroughArray() {
        let report = LeakCheck.run { Parent(children: 4, weakBackReference: false) }
        #expect(report.leakedObjects == 5)
        #expect(report.survivorsByType == ["Child": 4, "Parent": 1])
        #expect(report.paths.contains("Child → parent → Parent → children[0] → Child"))
    }

    @Test("A never-ending task holds its actor alive")
    func neverEndingTask() async {
        let ticker = Ticker()
        await ticker.start()
        let report = LeakCheck.run { ticker }
        #expect(report.leakedObjects == 1)
        #expect(report.paths == ["Ticker → task → (task)"])
        await ticker.stop()
    }
}

// MARK: - Zoo animals

// snippet: closure-owner
final class ClosureOwner {
    var handler: (() -> Void)?
    var value = 0

    init(capturingSelf: Bool) {
        if capturingSelf {
            handler = { self.value += 1 }
        } else {
            handler = { [value] in _ = value }
        }
    }
}
// snippet: end

final class Parent {
    var children: [Child] = []

    init(children count: Int, weakBackReference: Bool) {
        children = (0..<count).map { _ in Child() }
        for child in children {
            if weakBackReference { child.weakParent = self } else { child.parent = self }
        }
    }
}

final class Child {
    var parent: Parent?
    weak var weakParent: Parent?
}

// snippet: ticker
actor Ticker {
    var task: Task<Void, Never>?
    var ticks = 0

    func start() {
        task = Task {
            while !Task.isCancelled {
                self.tick()
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    func tick() { ticks += 1 }

    func stop() {
        task?.cancel()
        task = nil
    }
}
// snippet: end
