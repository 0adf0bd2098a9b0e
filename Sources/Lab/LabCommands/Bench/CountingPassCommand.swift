import ArgumentParser
import Bench
import Support

// MARK: - CountingPassCommand

/// `lab counting-pass REQUEST COUNTS`: the child process of `lab bench`'s counting pass,
/// started by the parent with jemalloc's thread caches off. Not for people: the help does
/// not list it.
struct CountingPassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CountingPass.countingPassCommand,
        abstract: "Count every row of a bench run's settings (the child of lab bench).",
        shouldDisplay: false
    )

    @Argument(help: "The settings, as JSON, written by lab bench.")
    var request: String

    @Argument(help: "Where to write the counts, as JSON.")
    var counts: String

    func run() async throws {
        Interruption.install(saying: "the counting pass stopped and its temporary files were removed")
        try await CountingPass.serve(request: request, counts: counts)
    }
}
