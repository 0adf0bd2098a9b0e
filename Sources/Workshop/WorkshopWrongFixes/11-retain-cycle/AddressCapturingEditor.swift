// A wrong fix of exercise 11 (switches the compiler off): the Save button's closure
// captures the editor's address as an Int and rebuilds the reference when tapped, so that
// it "holds no reference at all". The cycle is gone, and with it everything the compiler
// knows about the editor's lifetime: a tap after the editor was let go rebuilds a reference
// to freed memory.

import WorkshopKit

final class AddressCapturingEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = AddressCapturingSaveButton()

    init(title: String) {
        self.title = title
        var editor = self
        let address = withUnsafeBytes(of: &editor) { $0.load(as: Int.self) }
        saveButton.action = {
            let editor = withUnsafeBytes(of: address) { $0.load(as: AddressCapturingEditor.self) }
            editor.savedTitles.append(editor.title)
        }
    }

    func tapSave() {
        saveButton.tap()
    }
}

final class AddressCapturingSaveButton {
    var action: () -> Void = {}

    func tap() { action() }
}
