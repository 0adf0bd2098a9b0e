// MARK: - Demo

/// One runnable lesson: `lab demo NAME` runs it and prints what happened and why.
public protocol Demo: Sendable {
    /// The name `lab demo` takes, in kebab case.
    var name: String { get }
    /// The lesson of SEEDS.md it shows.
    var lesson: Int { get }
    /// What it shows, in one line.
    var summary: String { get }
    /// Runs the demo and returns the lines to print.
    func run() async throws -> [String]
}
