import Support
import ChildProcesses
import ArgumentParser
import Demos

// MARK: - DemoCommand

/// `lab demo`: lists the demos, or runs one and explains it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the demo of one of the lessons, or list them.",
        discussion: """
            Each demo does one thing, then says what happened and why. Parts that crash by \
            design run in a child process, so the demo reports the crash and goes on.
            """
    )

    @Argument(help: "The demo to run; omit it to list them all.")
    var name: String?

    @Flag(name: .long, help: "List the demos, then exit (as `lab bench --list` lists the rows).")
    var list = false

    @Flag(name: .long, help: "Print the demo's outcome as JSON instead of explaining it.")
    var json = false

    /// Runs one crash site and nothing else: the child process of a demo.
    @Option(name: .customLong("crash-site"), help: .hidden)
    var crashSite: String?

    func validate() throws {
        if let name, DemoCatalog.demo(named: name) == nil {
            let names = DemoCatalog.all.map { $0.name }.joined(separator: ", ")
            throw ValidationError("unknown demo '\(name)'; the demos are \(names)")
        }
        if let crashSite, CrashSite.named(crashSite) == nil {
            throw ValidationError("unknown crash site '\(crashSite)'")
        }
        if crashSite != nil, name != nil || json || list {
            throw ValidationError("--crash-site runs alone")
        }
        if list, name != nil || json {
            throw ValidationError("--list takes no demo name and no --json")
        }
    }

    func run() async throws {
        if let crashSite, let site = CrashSite.named(crashSite) {
            try await site.runHere()
            // Reaching this line means the crash did not happen: the parent reports it.
            try StandardOutput.write("crash site '\(crashSite)' finished without crashing\n")
            return
        }
        Interruption.install(saying: "the demo stopped, and every process it started was ended")
        guard !list, let name, let demo = DemoCatalog.demo(named: name) else {
            try StandardOutput.write("The demos, one per lesson (\(LabCommandLine.command("demo NAME")) runs one):\n\n" + DemoCatalog.listing() + "\n")
            return
        }
        let text: String
        do {
            text = try await demo.render(in: .currentProcess(), json: json)
        } catch let error as DemoError {
            throw LabError.checkFailed("demo '\(name)' could not run: \(error)")
        }
        try StandardOutput.write(text + "\n")
    }
}
