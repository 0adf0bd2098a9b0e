// MARK: - CrashSite

/// A part of a demo that stops the process by design: a trap of the store's concurrency
/// debug mode, a fault fired for a deleted row; or a data race with the trap off, which
/// only ThreadSanitizer stops.
///
/// A demo never runs one in its own process. ``DemoEnvironment/crash(_:)`` starts the lab
/// again as a child process, which runs only the site (`lab demo --crash-site NAME`), and
/// reports how the child ended. The demo goes on and explains the crash.
package struct CrashSite: Sendable {
    /// `demo-name.what-crashes`: unique across the demos.
    package let name: String
    /// Whether the child prints the crashed thread's frames: for a crash that prints no
    /// message of its own, such as Swift's run-time isolation check on Linux.
    package let backtrace: Bool
    private let body: @Sendable () async throws -> Void

    package init(_ name: String, backtrace: Bool = false, body: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.backtrace = backtrace
        self.body = body
    }

    /// Runs the site in this process. It should not return: when it does, the crash it
    /// shows did not happen, and the caller reports that.
    package func runHere() async throws {
        try await body()
    }

    /// Every demo's crash sites.
    package static var all: [CrashSite] { DemoCatalog.all.flatMap { $0.crashSites } }

    /// The site with this name, or nil.
    package static func named(_ name: String) -> CrashSite? {
        all.first { $0.name == name }
    }
}
