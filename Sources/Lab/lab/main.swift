import CLabStart
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
exit(await Lab.run(Array(CommandLine.arguments.dropFirst())))
