import CLabStart
import ChildProcesses
import LabCommands
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The limits lab needs (open files, memory) were checked before the runtime started.
lab_start_checked()
StandardStreams.holdClosedOnes()
if let refusal = Lab.refusalOfNonUTF8(CommandLine.argc, CommandLine.unsafeArgv) {
    StandardStreams.printError(refusal)
    exit(64)
}
// A process a child leaves behind becomes lab's, not init's, so that it ends with the child.
// The executable's choice, not Lab.run's: a test that runs commands in its own process has
// children of its own.
ChildProcess.adoptOrphans()
exit(await Lab.run(Array(CommandLine.arguments.dropFirst())))
