import Foundation

// MARK: - SourceRules

/// What an exercise's own files may say, read from their text before they are built.
///
/// A check measures what the learner's code does; a few things it cannot see at run time,
/// or that would let code reach around what it measures: an import of the lab's workload
/// or checks (the plans and the expected values are there), `@testable` and underscored
/// attributes that open a module's internals, and the escape hatches that switch off the
/// very isolation an exercise is about (`@unchecked Sendable`, `nonisolated(unsafe)`),
/// unless the exercise's own pattern needs one. Comments and string literals are not read.
package struct SourceRules: Sendable {
    /// A construct the rules look for, and what it is called in a message.
    package enum Escape: String, Sendable, CaseIterable {
        case uncheckedSendable = "@unchecked Sendable"
        case nonisolatedUnsafe = "nonisolated(unsafe)"
        case nonisolatedInit = "nonisolated init"
        /// `queue.sync { }` or `asyncAndWait`: the exercise about an executor that waits
        /// starts with one.
        case waitingCall = "a synchronous queue call"
    }

    /// One finding: where, and why it is not allowed.
    package struct Finding: Sendable, Equatable {
        package var file: String
        package var line: Int
        package var message: String
    }

    /// Modules any exercise may import: the store, the workshop's fixtures, the patterns'
    /// protocols, and the platform.
    static let importsAllowed: Set<String> = [
        "NoteStore", "WorkshopKit", "CustomExecutorStore", "GlobalActorStore",
        "Foundation", "FoundationEssentials", "Dispatch", "Observation", "Synchronization", "Glibc", "Darwin",
    ]

    /// Words that reach into another module's internals, around the type system, or out of
    /// the exercise's own process.
    static let reachingAround: [(word: String, why: String)] = [
        ("@testable", "@testable opens the internals of a module, which an app's code never sees"),
        ("unsafeBitCast", "unsafeBitCast reinterprets a value behind the compiler's back"),
        ("Unmanaged", "Unmanaged takes reference counting out of the compiler's hands"),
        ("dlsym", "dlsym finds symbols behind the compiler's back"),
        ("dlopen", "dlopen loads code behind the compiler's back"),
        ("getppid", "getppid reaches for the process that runs the check"),
        ("kill", "kill signals another process"),
        ("fork", "fork starts another process"),
        ("posix_spawn", "posix_spawn starts another process"),
        ("execv", "execv replaces the process"),
        ("execve", "execve replaces the process"),
        ("execvp", "execvp replaces the process"),
        ("system", "system starts another process"),
        ("popen", "popen starts another process"),
        ("Process", "Process starts another process"),
        ("ptrace", "ptrace reaches into another process"),
        ("dup2", "dup2 rewires the process's files"),
    ]

    /// Text, in code or in a string, that names another process's files.
    static let processPaths: [(text: String, why: String)] = [
        ("/proc/", "/proc reaches into the processes of the check"),
        ("/dev/fd", "/dev/fd reaches into the process's files"),
    ]

    /// Names the check's entry point uses: a declaration of one would stand in for the
    /// check (`main.swift` calls `WorkshopChecks.ConfinementCheck<…>.main()`).
    static func isReservedName(_ name: String) -> Bool {
        name == "WorkshopChecks" || name == "WorkshopKit" || name == "main" || name.hasSuffix("Check") || name.hasSuffix("Checker")
    }

    /// Calls that park a thread whatever queue it belongs to.
    static let blocking: [(word: String, why: String)] = [
        ("DispatchSemaphore", "a semaphore's wait parks the thread"),
        ("DispatchGroup", "a dispatch group's wait parks the thread"),
        ("Thread.sleep", "Thread.sleep parks the thread"),
        ("usleep", "usleep parks the thread"),
        ("NSCondition", "a condition's wait parks the thread"),
        ("pthread_cond_wait", "pthread_cond_wait parks the thread"),
    ]

    let exercise: Exercise

    package init(for exercise: Exercise) {
        self.exercise = exercise
    }

    /// Every finding in `files`, as (file name, text) pairs, in file and line order.
    package func findings(in files: [(name: String, text: String)]) -> [Finding] {
        files.flatMap { file in findings(in: file.text, file: file.name) }
    }

    func findings(in text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        let code = Self.code(of: text)
        for (index, line) in code.enumerated() {
            let number = index + 1
            func found(_ message: String) { findings.append(Finding(file: file, line: number, message: message)) }
            for module in Self.importedModules(in: line) where !importsAllowed.contains(module) {
                found(
                    "imports \(module): an exercise's code may import the store, WorkshopKit and the patterns' "
                        + "modules, as an app has them; the workload's plans and the checks are the check's alone"
                )
            }
            if Self.underscoredAttribute(in: line) {
                found("an underscored attribute (@_…) works behind the compiler's back: not allowed in an exercise")
            }
            for (word, why) in Self.reachingAround where Self.contains(word, in: line) {
                found("\(why): not allowed in an exercise")
            }
            for (word, why) in Self.blocking where Self.contains(word, in: line) {
                found("\(why): blocking a thread is what lesson 1 warns about; await instead")
            }
            for name in Self.declaredNames(in: line) where Self.isReservedName(name) {
                found("declares \(name), a name the check's entry point uses: name your types after what they do")
            }
            for escape in Escape.allCases where !exercise.allows.contains(escape) && Self.matches(escape, line) {
                if escape == .waitingCall {
                    found("a synchronous queue call parks the calling thread until the queue has run the block: await instead")
                } else {
                    found("\(escape.rawValue) switches off the compiler's isolation checking, which this exercise does not need: "
                        + exercise.escapeAdvice)
                }
            }
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (path, why) in Self.processPaths where line.contains(path) {
                findings.append(Finding(file: file, line: index + 1, message: "\(why): not allowed in an exercise"))
            }
        }
        for (type, actor) in exercise.keptIsolated where !Self.declares(type, isolatedTo: actor, in: code) {
            findings.append(Finding(
                file: file, line: Self.declarationLine(of: type, in: code) ?? 1,
                message: "\(type) is no longer isolated to @\(actor): the lesson keeps it there, and creates it where "
                    + "the actor can be awaited"
            ))
        }
        return findings.sorted { ($0.line, $0.message) < ($1.line, $1.message) }
    }

    private var importsAllowed: Set<String> {
        Self.importsAllowed.union(exercise.extraImports)
    }

    // MARK: Reading the code

    /// The lines of `text` with comments and string literals blanked out, so that the rules
    /// read only code. Lines keep their numbers.
    static func code(of text: String) -> [String] {
        var output = ""
        let characters = Array(text)
        var index = 0
        var blockDepth = 0
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if blockDepth > 0 {
                if character == "*", at(1) == "/" { blockDepth -= 1; output += "  "; index += 2; continue }
                if character == "/", at(1) == "*" { blockDepth += 1; output += "  "; index += 2; continue }
                output.append(character == "\n" ? "\n" : " ")
                index += 1
            } else if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { output += " "; index += 1 }
            } else if character == "/", at(1) == "*" {
                blockDepth = 1
                output += "  "
                index += 2
            } else if character == "\"" {
                let multiline = at(1) == "\"" && at(2) == "\""
                let delimiter = multiline ? 3 : 1
                output += String(repeating: "\"", count: delimiter)
                index += delimiter
                while index < characters.count {
                    if characters[index] == "\\" {
                        output += "  "
                        index += 2
                        continue
                    }
                    if characters[index] == "\"", !multiline || (at(1) == "\"" && at(2) == "\"") {
                        output += String(repeating: "\"", count: delimiter)
                        index += delimiter
                        break
                    }
                    if !multiline, characters[index] == "\n" { break }
                    output.append(characters[index] == "\n" ? "\n" : " ")
                    index += 1
                }
            } else {
                output.append(character)
                index += 1
            }
        }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The modules a line imports: `import X`, `@preconcurrency import X`, `import struct X.Y`.
    static func importedModules(in line: String) -> [String] {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" }).map(String.init)
        var modules: [String] = []
        for (index, word) in words.enumerated() where word == "import" {
            var next = index + 1
            let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
            if next < words.count, kinds.contains(words[next]) { next += 1 }
            guard next < words.count else { continue }
            modules.append(String(words[next].prefix { $0 != "." }))
        }
        return modules
    }

    /// Whether `line` holds an attribute whose name starts with an underscore.
    static func underscoredAttribute(in line: String) -> Bool {
        line.contains("@_")
    }

    /// The names `line` declares: `class X`, `struct X`, `enum X`, `actor X`, `protocol X`,
    /// `typealias X`, `func X`, `let X`, `var X`.
    static func declaredNames(in line: String) -> [String] {
        let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        let kinds: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias", "func", "let", "var"]
        return zip(words, words.dropFirst()).compactMap { kinds.contains($0) ? $1 : nil }
    }

    /// The line of the type declaration of `type` in `code`, from 1.
    static func declarationLine(of type: String, in code: [String]) -> Int? {
        code.firstIndex { line in
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
            return zip(words, words.dropFirst()).contains { ["class", "struct", "enum", "actor"].contains($0) && $1 == type }
        }.map { $0 + 1 }
    }

    /// Whether `type` is declared with `@actor` among its attributes, on its line or the
    /// lines of attributes just above it.
    static func declares(_ type: String, isolatedTo actor: String, in code: [String]) -> Bool {
        guard let line = declarationLine(of: type, in: code) else { return false }
        var index = line - 1
        while index >= 0 {
            let text = code[index].trimmingCharacters(in: .whitespaces)
            if contains("@\(actor)", in: text) { return true }
            if index < line - 1 && !text.hasPrefix("@") { return false }
            index -= 1
        }
        return false
    }

    /// Whether `word` appears in `line` as a whole word.
    static func contains(_ word: String, in line: String) -> Bool {
        var searchRange = line.startIndex..<line.endIndex
        while let range = line.range(of: word, range: searchRange) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before), !isWordCharacter(after) || word.last == "(" { return true }
            searchRange = range.upperBound..<line.endIndex
        }
        return false
    }

    static func matches(_ escape: Escape, _ line: String) -> Bool {
        let squeezed = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        switch escape {
        case .uncheckedSendable:
            return squeezed.contains("@unchecked Sendable")
        case .nonisolatedUnsafe:
            return squeezed.contains("nonisolated(unsafe)")
        case .waitingCall:
            let compact = squeezed.replacingOccurrences(of: " ", with: "")
            return compact.contains(".sync{") || compact.contains(".sync(") || contains("asyncAndWait", in: line)
        case .nonisolatedInit:
            let words = squeezed.split(separator: " ")
            guard let start = words.firstIndex(of: "nonisolated") else { return false }
            let modifiers: Set<Substring> = ["public", "internal", "private", "fileprivate", "package", "convenience", "required", "override"]
            var next = start + 1
            while next < words.count, modifiers.contains(words[next]) { next += 1 }
            return next < words.count && (words[next] == "init" || words[next].hasPrefix("init(") || words[next].hasPrefix("init?"))
        }
    }
}

// MARK: - As a check

extension Check {
    /// `source`: the learner's files say nothing the rules refuse.
    package static func source(_ findings: [SourceRules.Finding]) -> Check {
        let expected = "only the store and WorkshopKit imported, and no switch that turns off a check"
        guard let first = findings.first else {
            return Check(id: "source", status: .passed, expected: expected, measured: "nothing refused")
        }
        let lines = findings.map { "\($0.file):\($0.line): \($0.message)" }
        return Check(
            id: "source", status: .failed, expected: expected,
            measured: findings.count == 1 ? "1 line refused" : "\(findings.count) lines refused",
            problem: "\(first.file):\(first.line): \(first.message)" + (lines.count > 1 ? "\n" + lines.dropFirst().joined(separator: "\n") : "")
        )
    }
}
