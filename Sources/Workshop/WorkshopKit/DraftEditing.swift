// MARK: - DraftEditing

/// What exercise 11 asks of the learner's type: a draft editor with a Save button.
public protocol DraftEditing: AnyObject {
    init(title: String)
    /// What a tap on the Save button does.
    func tapSave()
    /// The titles saved so far.
    var savedTitles: [String] { get }
}
