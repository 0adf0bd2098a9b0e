// MARK: - Snippet

/// Code that a demo hands to the Swift compiler through ``DemoEnvironment`` (lessons 6, 14
/// and 18): written with the `// snippet:` lines that mark the regions the guide quotes, and
/// compiled, listed and judged without them.
enum Snippet {
    /// `code` without its `// snippet:` lines, which mark the regions the guide quotes.
    static func withoutMarkers(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingPrefix(while: { $0 == " " }).hasPrefix("// snippet:") }
            .joined(separator: "\n")
    }

    /// A demo's listings, titled, each without its markers.
    static func listings(_ listings: [(String, String)]) -> [(title: String, code: String)] {
        listings.map { (title: $0.0, code: withoutMarkers($0.1)) }
    }

    /// "compiles", or "does not compile: " and the compiler's errors.
    static func verdict(_ errors: [String]) -> String {
        errors.isEmpty ? "compiles" : "does not compile: " + errors.joined(separator: "; ")
    }

    /// What a compiled snippet printed, one `key word…` line each: the words after the key,
    /// by key. `unannotated true` gives `["unannotated": ["true"]]`.
    static func printed(_ output: String) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let key = words.first { values[key] = Array(words.dropFirst()) }
        }
        return values
    }

    /// Where code runs: a snippet's `Place.isMainActor` asks the main dispatch queue, which
    /// the main actor's executor drains, whether it is the current queue. Lesson 14's module
    /// holds the same enum inline, because its chapter quotes that module whole.
    static let place = """
        import Dispatch

        /// Where code runs: on the main dispatch queue, which the main actor's executor drains.
        nonisolated enum Place {
            static let key: DispatchSpecificKey<Bool> = {
                let key = DispatchSpecificKey<Bool>()
                DispatchQueue.main.setSpecific(key: key, value: true)
                return key
            }()
            static var isMainActor: Bool { DispatchQueue.getSpecific(key: key) == true }
        }

        """
}
