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

    /// Words that reach into another module's internals or around the type system.
    static let reachingAround: [(word: String, why: String)] = [
        ("@testable", "@testable opens the internals of a module, which an app's code never sees"),
        ("@_spi", "@_spi opens a module's private interface"),
        ("@_private", "@_private opens a file's private declarations"),
        ("@_silgen_name", "@_silgen_name binds to a runtime symbol behind the compiler's back"),
        ("@_cdecl", "@_cdecl exports a symbol behind the compiler's back"),
        ("unsafeBitCast", "unsafeBitCast reinterprets a value behind the compiler's back"),
        ("Unmanaged", "Unmanaged takes reference counting out of the compiler's hands"),
        ("dlsym", "dlsym finds symbols behind the compiler's back"),
        ("dlopen", "dlopen loads code behind the compiler's back"),
    ]

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
            for (word, why) in Self.reachingAround where Self.contains(word, in: line) {
                found("\(why): not allowed in an exercise")
            }
            for (word, why) in Self.blocking where Self.contains(word, in: line) {
                found("\(why): blocking a thread is what lesson 1 warns about; await instead")
            }
            for escape in Escape.allCases where !exercise.allows.contains(escape) && Self.matches(escape, line) {
                found(
                    "\(escape.rawValue) tells the compiler to stop checking the isolation this exercise is about: "
                        + exercise.escapeAdvice
                )
            }
        }
        return findings
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
