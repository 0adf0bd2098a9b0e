import LabCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(await Lab.run(Array(CommandLine.arguments.dropFirst())))
