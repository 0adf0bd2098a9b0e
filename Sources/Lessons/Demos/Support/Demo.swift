// MARK: - Demo

/// One of the guide's lessons, made runnable: it does one thing, observes what happened,
/// and says why.
///
/// A demo returns its observations as an ``Outcome`` value, so the same run is printed for
/// a reader (`lab demo NAME`), printed as JSON for a script (`lab demo NAME --json`), and
/// asserted by a test. Parts that crash by design never run in the demo's own process:
/// they go through ``DemoEnvironment/crash(_:)``.
package protocol Demo: Sendable {
    /// What the run observed: counts, states and messages. A time only where the lesson is a
    /// delay a user would feel (lesson 19's frames), and then no test compares it.
    associatedtype Outcome: Codable, Sendable, Equatable

    /// The name `lab demo` takes, in kebab case.
    static var name: String { get }
    /// The lesson's number in the guide's list of lessons.
    static var lesson: Int { get }
    /// One line for the list of demos.
    static var summary: String { get }
    /// The article the lesson comes from: title and author.
    static var source: String { get }
    /// The chapter of the guide that explains the lesson, relative to the package root.
    static var chapter: String { get }
    /// What the demo does, in plain words, before it runs.
    static var whatItDoes: String { get }
    /// Why it happens: the lesson itself.
    static var why: String { get }

    /// Code to show verbatim before the run, with a title each: for a demo whose code is
    /// its subject (lesson 6 compiles it).
    static var listings: [(title: String, code: String)] { get }

    /// The parts that crash by design, run in a child process by ``DemoEnvironment/crash(_:)``.
    static var crashSites: [CrashSite] { get }

    init()

    /// Runs the demo once.
    func run(in environment: DemoEnvironment) async throws -> Outcome

    /// What happened, in plain words, one observation per line.
    static func whatHappened(_ outcome: Outcome) -> [String]
}

extension Demo {
    package static var listings: [(title: String, code: String)] { [] }
    package static var crashSites: [CrashSite] { [] }
}
