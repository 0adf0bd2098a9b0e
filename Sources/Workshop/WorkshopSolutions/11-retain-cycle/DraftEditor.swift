// Exercise 11: a retain cycle through a closure. Lesson 11: a closure stored in a property
// that captures its owner keeps the owner alive.
// Source: "내가 SwiftUI로 개발하면서 고민했던 내용 정리", pookjw.
//
// DraftEditor gives its Save button an action that saves the draft's title. It works, and
// it never goes away. `lab workshop check 11` taps Save twice, lets the editor go, and asks
// the lab's leak check what is still alive.
//
// Keep DraftEditor's name and its DraftEditing conformance: the check uses them.

import WorkshopKit

final class DraftEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = SaveButton()

    init(title: String) {
        self.title = title
        // Weak: the editor holds the button, the button holds this closure, and a strong
        // self here would close the cycle.
        saveButton.action = { [weak self] in
            guard let self else { return }
            savedTitles.append(title)
        }
    }

    func tapSave() {
        saveButton.tap()
    }
}

/// A button that runs its action when tapped.
final class SaveButton {
    var action: () -> Void = {}

    func tap() { action() }
}
