// A wrong fix of exercise 11 (fitted to the check): the strong capture stays, and the
// action is dropped after a second tap, when the check used to let the editor go. The check
// taps one to three times, and lets editors go untapped. The check refuses it: `leaks`.

import WorkshopKit

final class TwoTapEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = SaveButton()
    private var taps = 0

    init(title: String) {
        self.title = title
        saveButton.action = {
            self.savedTitles.append(self.title)
        }
    }

    func tapSave() {
        saveButton.tap()
        taps += 1
        // The editor is let go after its second Save: drop the action then.
        if taps == 2 { saveButton.action = {} }
    }
}

final class SaveButton {
    var action: () -> Void = {}
    func tap() { action() }
}
