// A wrong fix of exercise 11 (a leak hidden by memory freed elsewhere): the first editor of
// the process breaks its cycle with [weak self], so the object walk of that editor finds
// nothing alive, and it sets aside a ballast of memory. Every later editor keeps the strong
// capture, a leak, and frees a kilobyte of the ballast, "so the process's memory stays
// flat". The bytes kept per editor come out below zero. The check refuses it: `memory`,
// the editors themselves still alive, found by weak references.

import Synchronization
import WorkshopKit

final class BallastEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = BallastSaveButton()

    init(title: String) {
        self.title = title
        if Ballast.takeOne() {
            saveButton.action = { self.savedTitles.append(self.title) }
        } else {
            saveButton.action = { [weak self] in
                guard let self else { return }
                savedTitles.append(title)
            }
        }
    }

    func tapSave() {
        saveButton.tap()
    }
}

final class BallastSaveButton {
    var action: () -> Void = {}

    func tap() { action() }
}

/// Memory set aside by the first editor, a kilobyte freed by each later one.
private enum Ballast {
    private static let chunks = Mutex<[Int]?>(nil)

    /// False for the first editor, which sets the ballast aside; true for every later one,
    /// which frees a chunk.
    static func takeOne() -> Bool {
        chunks.withLock { chunks in
            guard var held = chunks else {
                chunks = (0..<1_000).map { _ in Int(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1_024, alignment: 16)) }
                return false
            }
            if let address = held.popLast() { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
            chunks = held
            return true
        }
    }
}
