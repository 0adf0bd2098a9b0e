import Foundation

// MARK: - Backtrace

/// The crashed thread's frames, as the Swift runtime's backtracer prints them in a child
/// process started with a backtrace (`ChildProcess.run(…, backtrace: true)`):
///
///     4 [ra]  0x000055a90ee3017a Naive.count() + 89 in Exercise01 at /…/01-confinement/Naive.swift:10:21
package struct Backtrace: Sendable, Equatable {
    package struct Frame: Sendable, Equatable {
        /// The function, as the backtracer names it.
        package var function: String
        /// The source file and line, when the frame has debug information.
        package var file: String?
        package var line: Int?
    }

    package var frames: [Frame]

    /// The frames of the crashed thread in `output`; none when nothing crashed.
    package init(parsing output: String) {
        var frames: [Frame] = []
        var inCrashedThread = false
        for line in output.split(separator: "\n") {
            let text = line.trimmingPrefix(while: { $0 == " " })
            if text.hasPrefix("Thread ") {
                inCrashedThread = text.hasSuffix("crashed:")
            } else if inCrashedThread, text.first?.isNumber == true, let frame = Self.frame(String(text)) {
                frames.append(frame)
            }
        }
        self.frames = frames
    }

    /// `4 [ra] 0x… Function + 89 in Image at /path/File.swift:10:21`, or nil for another line.
    private static func frame(_ text: String) -> Frame? {
        guard let address = text.range(of: " 0x") else { return nil }
        let afterAddress = text[address.upperBound...].drop { $0 != " " }.dropFirst()
        var function = afterAddress
        var file: String?
        var line: Int?
        if let at = afterAddress.range(of: " at ", options: .backwards) {
            function = afterAddress[..<at.lowerBound]
            // "/path/File.swift:10:21", or "/path/File.swift" alone for a frame of code the
            // runtime marks as its own.
            let place = afterAddress[at.upperBound...].split(separator: ":")
            if place.count >= 3, let number = Int(place[place.count - 2]) {
                file = place.dropLast(2).joined(separator: ":")
                line = number
            } else {
                file = place.joined(separator: ":")
            }
        }
        if let offset = function.range(of: " + ") ?? function.range(of: " in ") {
            function = function[..<offset.lowerBound]
        }
        return Frame(function: String(function), file: file, line: line)
    }

    /// Whether a frame's function contains `name`.
    package func contains(_ name: String) -> Bool {
        frames.contains { $0.function.contains(name) }
    }

    /// The first frame in a file of `folder` (an exercise's folder): where the learner's
    /// code was when the process stopped, as "File.swift:21", or as "File.swift, in
    /// closure #1 in …" when the frame has no line.
    package func location(inFolder folder: String) -> String? {
        guard let frame = frames.first(where: { $0.file?.contains("/\(folder)/") == true }), let file = frame.file else {
            return nil
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if let line = frame.line { return "\(name):\(line)" }
        // A closure's isolation check runs in its compiler-made prologue, which has no line:
        // name the line of the function the closure is written in.
        if let line = Self.declarationLine(of: frame.function, inFile: file) {
            return "\(name):\(line), in \(frame.function)"
        }
        return "\(name), in \(frame.function)"
    }

    /// The line a frame's closure most likely starts on, read from the source file: for
    /// "closure #1 in closure #1 in NoteList.reload()", the second line after `func reload(`
    /// that opens a closure; the function's own line when there is no closure, or the
    /// closures cannot be told apart. Nil when the function cannot be found.
    static func declarationLine(of function: String, inFile path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let parts = function.components(separatedBy: " in ")
        guard let innermost = parts.last,
              let method = innermost.split(separator: ".").last?.prefix(while: { $0 != "(" }), !method.isEmpty
        else { return nil }
        let declaration = method == "init" ? "init(" : "func \(method)("
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(declaration) }) else { return nil }
        let depth = parts.dropLast().filter { $0.hasPrefix("closure #") }.count
        var found = 0
        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("}") && !line.contains("{") { break }
            guard line.contains("{"), !["if ", "guard ", "for ", "while ", "do ", "switch ", "} else"].contains(where: line.hasPrefix)
            else { continue }
            found += 1
            if found == depth { return index + 1 }
        }
        return start + 1
    }
}
