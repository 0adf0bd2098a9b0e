import SwiftParser
import SwiftSyntax
import WorkshopChecks

// MARK: - SourceRules

/// What an exercise's own files may say, read from their syntax tree before they are built.
///
/// A check measures what the learner's code does; a few things it cannot see at run time,
/// or that would let code reach around what it measures: an import of the lab's workload
/// or checks (the plans and the expected values are there), `@testable` and underscored
/// attributes that open a module's internals, and the escape hatches that switch off the
/// very checking an exercise is about (``SourceEscape``), unless the exercise's own pattern
/// needs one.
///
/// The rules read the tree Swift's own parser builds (swift-syntax), so a construct is
/// found however it is spelled: over several lines, with comments between its words, or
/// through a typealias of the attribute. Comments and the text of string literals are
/// never read as code.
package struct SourceRules: Sendable {
    let exercise: Exercise

    package init(for exercise: Exercise) {
        self.exercise = exercise
    }

    /// Every finding in `files`, as (file name, text) pairs, in file and line order.
    package func findings(in files: [(name: String, text: String)]) -> [SourceFinding] {
        let trees = files.map { file in (name: file.name, tree: Parser.parse(source: file.text)) }
        // A name the learner declares in any file is theirs: referring to it is not reaching
        // into someone else's underscored API.
        let declared = trees.reduce(into: Set<String>()) { names, file in
            names.formUnion(DeclaredNames.all(in: file.tree))
        }
        let read = trees.flatMap { file in
            let reader = RuleReader(rules: self, file: file.name, tree: file.tree, declaredByLearner: declared)
            reader.walk(file.tree)
            return reader.findings.sorted { ($0.line, $0.message) < ($1.line, $1.message) }
        }
        return read + keptIsolatedFindings(in: trees)
    }

    /// The types the exercise keeps isolated to a global actor: each must be declared in
    /// one of the files, with the actor's attribute.
    func keptIsolatedFindings(in trees: [(name: String, tree: SourceFileSyntax)]) -> [SourceFinding] {
        exercise.keptIsolated.compactMap { type, actor in
            let declarations = trees.flatMap { file in
                DeclaredNames.typeDeclarations(named: type, in: file.tree).map { (file: file, declaration: $0) }
            }
            let message = "\(type) is no longer isolated to @\(actor): the lesson keeps it there, and creates it where the actor can be awaited"
            guard !declarations.isEmpty else {
                return SourceFinding(file: trees.first?.name ?? "", line: 1, message: message)
            }
            guard let unisolated = declarations.first(where: { !RuleReader.attributes($0.declaration.attributes).contains(actor) }) else {
                return nil
            }
            let converter = SourceLocationConverter(fileName: unisolated.file.name, tree: unisolated.file.tree)
            let line = unisolated.declaration.name.startLocation(converter: converter).line
            return SourceFinding(file: unisolated.file.name, line: line, message: message)
        }
    }

    // MARK: The policy

    /// Modules any exercise may import: the store, the workshop's fixtures, the patterns'
    /// protocols, and the platform.
    static let importsAllowed: Set<String> = [
        "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore",
        "Foundation", "FoundationEssentials", "Dispatch", "Observation", "Synchronization", "Glibc", "Darwin",
    ]

    /// The lab's own modules: an exercise is about their isolation, which a
    /// `@preconcurrency import` would silence.
    static let labModules: Set<String> = [
        "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore", "PreconcurrencyStore",
    ]

    var importsAllowed: Set<String> {
        Self.importsAllowed.union(exercise.extraImports)
    }

    /// Names that reach into another module's internals, around the type system, or out of
    /// the exercise's own process.
    static let reachingAround: [String: String] = [
        "dlsym": "dlsym finds symbols behind the compiler's back",
        "dlopen": "dlopen loads code behind the compiler's back",
        "getppid": "getppid reaches for the process that runs the check",
        "kill": "kill signals another process",
        "fork": "fork starts another process",
        "vfork": "vfork starts another process",
        "posix_spawn": "posix_spawn starts another process",
        "posix_spawnp": "posix_spawnp starts another process",
        "execv": "execv replaces the process",
        "execve": "execve replaces the process",
        "execvp": "execvp replaces the process",
        "system": "system starts another process",
        "popen": "popen starts another process",
        "Process": "Process starts another process",
        "ptrace": "ptrace reaches into another process",
        "dup2": "dup2 rewires the process's files",
    ]

    /// Text, in a string, that names another process's files.
    static let processPaths: [(text: String, why: String)] = [
        ("/proc/", "/proc reaches into the processes of the check"),
        ("/dev/fd", "/dev/fd reaches into the process's files"),
    ]

    /// Names the check's entry point uses: a declaration of one would stand in for the
    /// check (`main.swift` calls `WorkshopChecks.ConfinementCheck<…>.main()`).
    static func isReservedName(_ name: String) -> Bool {
        name == "WorkshopChecks" || name == "WorkshopKit" || name == "main" || name.hasSuffix("Check") || name.hasSuffix("Checker")
    }

    /// Types that park a thread whatever queue it belongs to. The `waits` check measures
    /// blocking by its effect; these are refused before the build so that the message
    /// names the call.
    static let blocking: [String: String] = [
        "DispatchSemaphore": "a semaphore's wait parks the thread",
        "DispatchGroup": "a dispatch group's wait parks the thread",
        "usleep": "usleep parks the thread",
        "NSCondition": "a condition's wait parks the thread",
        "pthread_cond_wait": "pthread_cond_wait parks the thread",
    ]

    /// Names of reflection: reading an object's stored values around its accessors.
    static let reflection: Set<String> = ["Mirror", "dump"]

    /// Whether a name belongs to the standard library's unsafe memory API: pointers, their
    /// methods, reference counting by hand, and the C library's functions on raw memory.
    static func isUnsafeMemory(_ name: String) -> Bool {
        let prefixes = ["Unsafe", "unsafe", "withUnsafe", "Unmanaged", "OpaquePointer", "AutoreleasingUnsafe"]
        let names: Set<String> = [
            "bitPattern", "assumingMemoryBound", "bindMemory", "withMemoryRebound",
            "memcpy", "memmove", "memset", "memcmp", "bcopy", "malloc", "calloc", "realloc", "mmap",
        ]
        return prefixes.contains { name.hasPrefix($0) } || names.contains(name)
    }

    // MARK: Messages

    func escapeMessage(_ escape: SourceEscape) -> String {
        switch escape {
        case .waitingCall:
            return "a synchronous queue call parks the calling thread until the queue has run the block: await instead"
        case .reflection:
            return "reflection (Mirror, dump) reads an object's stored values around its accessors and their checks: "
                + "not allowed in this exercise; " + exercise.escapeAdvice
        case .unsafePointer:
            return "an unsafe pointer (a pointer type, Unmanaged, unsafeBitCast, a bitPattern: conversion or the C "
                + "library's memory functions) makes a reference the compiler does not track, even one rebuilt from an "
                + "integer: not allowed in this exercise; " + exercise.escapeAdvice
        case .preconcurrencyImport:
            return "@preconcurrency import of the lab's own module silences the Sendable checks of the very types "
                + "this exercise is about: import it plainly, and " + exercise.escapeAdvice
        case .unownedUnsafe:
            return "unowned(unsafe) switches off the check that a reference still points at a live object: not allowed "
                + "in this exercise; " + exercise.escapeAdvice
        case .uncheckedSendable, .nonisolatedUnsafe, .nonisolatedInit:
            return "\(escape.rawValue) switches off the compiler's isolation checking, which this exercise does not need: "
                + exercise.escapeAdvice
        }
    }
}
