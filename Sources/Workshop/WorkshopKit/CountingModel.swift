import Observation

// MARK: - CountingModel

/// What exercise 12 asks of the learner's type: an observable model with a count, and a
/// summary of it made once, when the model is created.
public protocol CountingModel: AnyObject, Observable {
    init(count: Int)
    var count: Int { get set }
    /// "3 notes" for a model created with a count of 3.
    var summary: String { get }
}
