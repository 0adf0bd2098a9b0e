// A wrong fix of exercise 11 (switches the compiler off): the Save button's closure
// captures the editor as unowned(unsafe), "like weak, without the optional". The cycle is
// gone, but so is every check on the reference: a tap that arrives after the editor was let
// go reads freed memory instead of stopping at a clear error.

import WorkshopKit

final class UnsafeUnownedEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = UnsafeUnownedSaveButton()

    init(title: String) {
        self.title = title
        saveButton.action = { [unowned(unsafe) self] in
            savedTitles.append(title)
        }
    }

    func tapSave() {
        saveButton.tap()
    }
}

final class UnsafeUnownedSaveButton {
    var action: () -> Void = {}

    func tap() { action() }
}
