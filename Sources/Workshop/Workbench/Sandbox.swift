import Foundation
import ChildProcesses

// MARK: - Sandbox

/// Where a workshop check runs the learner's code: on Linux, in a bubblewrap sandbox; where
/// bubblewrap is missing or cannot make its namespaces (and on macOS), in the weaker box
/// alone, which the check says.
///
/// In the sandbox, the exercise sees the system read-only: the checkout (its `Sources/`, the
/// workshop's progress), the user's home and every other folder. It may write only the
/// check's own folder, which is also its `TMPDIR`, and a `/tmp` of its own that goes with it.
/// It runs in a PID namespace of its own, so that every process it starts (a double fork
/// into a new session included) ends when it does; with no network; in a session of its own,
/// so that it cannot type into the terminal; with no capabilities, even for root; and it is
/// killed if `lab` is (`--die-with-parent`). The process group and the resource limits of
/// ``Containment`` apply in both modes: they are set on bubblewrap and inherited inside.
package struct Sandbox: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// bubblewrap, at this path.
        case bubblewrap(String)
        /// None: why, for the check's output.
        case none(String)
    }

    package var kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// `LAB_SANDBOX=off` runs checks without the sandbox (a trainer's machine whose kernel
    /// forbids namespaces, say); `BWRAP` names bubblewrap when it is not on the `PATH`.
    package static let switchVariable = "LAB_SANDBOX"

    /// The sandbox this machine has, tried once: a sandbox that cannot start is none.
    package static func find(in environment: [String: String]) async -> Sandbox {
        if environment[switchVariable] == "off" {
            return Sandbox(.none("turned off with \(switchVariable)=off"))
        }
        #if os(Linux)
        guard let bwrap = ChildProcess.findTool("bwrap", overriddenBy: "BWRAP", in: environment),
              FileManager.default.isExecutableFile(atPath: bwrap.path)
        else {
            return Sandbox(.none("bubblewrap is not installed (make setup installs it)"))
        }
        let probe = try? await ChildProcess.run(
            bwrap, arguments: baseArguments + ["--", "/bin/true"], environment: environment, timeout: .seconds(10)
        )
        guard let probe, probe.exitStatus == 0 else {
            let said = probe?.output.split(separator: "\n").last.map(String.init) ?? "it did not start"
            return Sandbox(.none("bubblewrap cannot make its namespaces here (\(said))"))
        }
        return Sandbox(.bubblewrap(bwrap.path))
        #else
        return Sandbox(.none("this system has no bubblewrap"))
        #endif
    }

    /// The line a check prints before it runs the learner's code.
    package var description: String {
        switch kind {
        case .bubblewrap:
            "in a sandbox (bubblewrap): the system read-only, only the check's folder writable, no network"
        case .none(let why):
            "WITHOUT a sandbox, \(why): the exercise runs with your rights and can write wherever you can; "
                + "only its process group, its limits and the check's deadline contain it"
        }
    }

    /// The command that runs `executable` with `arguments` here: itself without a sandbox,
    /// else bubblewrap's, with `writable` the one folder it may write and `readable` folders
    /// it must still see under the sandbox's own `/tmp` (the exercise's executable, the
    /// checkout).
    package func command(
        _ executable: URL, arguments: [String], writable: String, readable: [String]
    ) -> (executable: URL, arguments: [String]) {
        guard case .bubblewrap(let bwrap) = kind else { return (executable, arguments) }
        var mounts = ["--tmpfs", "/tmp", "--tmpfs", "/var/tmp"]
        for folder in readable { mounts += ["--ro-bind-try", folder, folder] }
        mounts += ["--bind", writable, writable, "--chdir", writable]
        return (URL(fileURLWithPath: bwrap), Self.baseArguments + mounts + ["--", executable.path] + arguments)
    }

    /// The sandbox's namespaces and the system's folders, read-only.
    private static let baseArguments = [
        "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
        "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
    ]
}
