import ChildProcesses
import Testing

/// The commands `lab` prints for the reader to type start the way this lab was started, so
/// they can be pasted as they are: `lab` only when it was found on the PATH.
@Suite("The commands the lab prints can be pasted as they are")
struct LabCommandLineTests {
    static let root = "/home/reader/concurrency-lab"
    static let debug = root + "/.build/x86_64-unknown-linux-gnu/debug/lab"

    static func prefix(_ invokedAs: String, _ executable: String, in folder: String = root, packages: Set<String> = [root]) -> String {
        LabCommandLine.prefix(invokedAs: invokedAs, executable: executable, currentDirectory: folder, isPackage: packages.contains)
    }

    @Test("A lab found on the PATH is typed as its name")
    func onThePath() {
        #expect(Self.prefix("lab", "/usr/local/bin/lab") == "lab")
        #expect(Self.prefix("lab", Self.debug) == "lab", "on the PATH even when it is a package's build")
    }

    @Test("A package's build is swift run lab, with the configuration, and the package's path when run from another folder")
    func aPackagesBuild() {
        #expect(Self.prefix(Self.debug, Self.debug) == "swift run lab")
        #expect(Self.prefix(".build/debug/lab", Self.debug) == "swift run lab")
        let release = Self.root + "/.build/x86_64-unknown-linux-gnu/release/lab"
        #expect(Self.prefix(release, release) == "swift run -c release lab")
        #expect(Self.prefix(Self.debug, Self.debug, in: Self.root + "/Workshop") == "swift run --package-path /home/reader/concurrency-lab lab")
        let spaced = "/home/reader/my lab"
        #expect(
            Self.prefix(spaced + "/.build/debug/lab", spaced + "/.build/debug/lab", in: "/tmp", packages: [spaced])
                == "swift run --package-path '/home/reader/my lab' lab"
        )
    }

    @Test("Anything else is the path it was started by, quoted for a shell when it must be")
    func anyOtherPath() {
        #expect(Self.prefix("/opt/tools/lab", "/opt/tools/lab") == "/opt/tools/lab")
        #expect(Self.prefix("./lab", Self.root + "/lab") == "./lab")
        // A .build folder that is no package's: its path, not swift run.
        #expect(Self.prefix("/srv/.build/debug/lab", "/srv/.build/debug/lab", packages: []) == "/srv/.build/debug/lab")
        #expect(Self.prefix("/srv/it's here/lab", "/srv/it's here/lab") == #"'/srv/it'\''s here/lab'"#)
        #expect(LabCommandLine.command("workshop check 1").hasSuffix(" workshop check 1"))
    }
}
