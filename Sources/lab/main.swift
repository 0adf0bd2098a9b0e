import LabCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

StandardStreams.holdClosedOnes()
exit(await Lab.run(Array(CommandLine.arguments.dropFirst())))
