// Runs one exercise's check on its starter or on its reference solution, compiled into this
// executable from the tracked files: what the workshop's tests run, so that they prove
// every starter fails, every solution passes and every wrong fix is refused, without
// touching a learner's copy.
//
//     WorkshopReference <number> starter|solution|wrong:<Name> [--seeds A,B]
//
// It prints the check's report line, as an exercise's own executable does, and exits 0
// when the exercise passes, 1 when it does not, 64 for bad usage. `--seeds` fixes the runs'
// seeds, so that a test can compute what the check expects; an exercise's own executable
// always draws fresh ones.

import Foundation
import WorkshopChecks
import WorkshopMainActorDefault
import WorkshopSolutions
import WorkshopStarters
import WorkshopWrongFixes

let arguments = Array(CommandLine.arguments.dropFirst())
// The tables are written at build time by the ReferenceChecks plugin, one per module; the
// solutions compiled with the main actor as their default isolation are in a module of their own.
let wrong = (wrongFixes + openHoles).reduce(into: [String: [Int: CheckRun]]()) { table, fix in
    if let check = fix.check { table["wrong:\(fix.name)"] = [fix.exercise: check] }
}
let solutions = solutionChecks.merging(mainActorDefaultSolutionChecks) { $1 }
let table = arguments.count >= 2 ? (["starter": starterChecks, "solution": solutions].merging(wrong) { $1 })[arguments[1]] : nil
let seeds = arguments.firstIndex(of: "--seeds").flatMap { index in
    index + 1 < arguments.count ? arguments[index + 1].split(separator: ",").compactMap { UInt64($0) } : nil
}
guard let table, let number = Int(arguments[0]), let run = table[number] else {
    FileHandle.standardError.write(Data("usage: WorkshopReference <number> starter|solution|wrong:<Name> [--seeds A,B]\n".utf8))
    exit(64)
}
exit(await run(arguments, seeds))
