import Dispatch

// MARK: - MainQueue

/// Whether code runs on the main dispatch queue, which the main actor's executor drains.
///
/// Not `Thread.isMainThread`: in `lab` on Linux it is false even for main-actor jobs,
/// which the main queue runs on a thread other than the process's first one.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
