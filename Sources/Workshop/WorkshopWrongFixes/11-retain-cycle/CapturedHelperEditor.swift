// A wrong fix of exercise 11 (a leak the object walk cannot see): the editor's own cycle is
// broken with [weak self], but the action also captures a formatter whose closure captures
// the formatter itself. Only the closure holds the formatter, and reflection does not look
// into a closure's captures, so no object is found alive. The check refuses it: `memory`,
// bytes kept for every editor made and let go.

import WorkshopKit

final class CapturedHelperEditor: DraftEditing {
    var title: String
    private(set) var savedTitles: [String] = []
    let saveButton = HelperSaveButton()

    init(title: String) {
        self.title = title
        let formatter = TitleFormatter()
        formatter.format = { text in formatter.uses += 1; return text }
        saveButton.action = { [weak self, formatter] in
            guard let self else { return }
            savedTitles.append(formatter.format(title))
        }
    }

    func tapSave() {
        saveButton.tap()
    }
}

final class HelperSaveButton {
    var action: () -> Void = {}

    func tap() { action() }
}

final class TitleFormatter {
    var uses = 0
    var format: (String) -> String = { $0 }
}
