import ChildProcesses
import WorkshopChecks
import Support

// MARK: - For a reader

extension CheckReport {
    /// The report as `lab workshop check` prints it: one line a check, what is wrong in plain
    /// words, then what to do next.
    package func text(for exercise: Exercise, next: Exercise?) -> String {
        let width = checks.map(\.id.count).max() ?? 0
        var lines = ["Exercise \(exercise.number): \(exercise.slug) (lesson \(exercise.lesson))"]
        for check in checks {
            let label = check.status.label.padding(toLength: 7, withPad: " ", startingAt: 0)
            let head = "  \(label) \(check.id.padding(toLength: width, withPad: " ", startingAt: 0))  "
            let indent = String(repeating: " ", count: head.count)
            let text = check.status == .passed || check.status == .unavailable ? check.measured : check.problem ?? check.measured
            // The first line is prose, wrapped; the lines after it (a compiler's excerpt) stay
            // as they are.
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let prose = wrap(paragraphs[0], width: 100, indent: indent)
            lines.append(head + prose[0].dropFirst(indent.count))
            lines += prose.dropFirst() + paragraphs.dropFirst().map { indent + $0 }
        }
        lines.append("")
        if passed {
            lines.append(next.map { "Exercise \(exercise.number) passes. Next: exercise \($0.number), \($0.slug): \(LabCommandLine.command("workshop start \($0.number)"))" }
                ?? "Exercise \(exercise.number) passes, and so does every other: the workshop is done.")
        } else {
            lines.append("Read more: \(exercise.chapter); see it happen: \(LabCommandLine.command("demo \(exercise.demo)"))")
        }
        return lines.joined(separator: "\n")
    }
}

extension Check.Status {
    package var label: String {
        switch self {
        case .passed: "passed"
        case .failed: "FAILED"
        case .notMeasured: "--"
        case .unavailable: "n/a"
        }
    }
}
