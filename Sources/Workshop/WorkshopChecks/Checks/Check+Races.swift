// MARK: - Races

extension Check {
    /// `races`: ThreadSanitizer found no data race in the exercise's own code while the
    /// check ran it; nil `reports` when this build has no ThreadSanitizer.
    static func races(_ reports: [RaceReport]?, exercise: Exercise, run: ChildRun) -> Check {
        let expected = "no data race in the exercise's code under ThreadSanitizer"
        guard let reports else {
            return Check(
                id: .races, status: .unavailable, expected: expected,
                measured: "not run in this build: lab workshop check runs the exercise once more under ThreadSanitizer"
            )
        }
        let own = reports.filter { $0.touches(exercise.folder) }
        guard let first = own.first else {
            if run.stop != nil {
                return .notMeasured(.races, expected: expected, because: "the run stopped before its end (see the trap check)")
            }
            return .verify(.races, true, expected: expected, measured: "no report in the exercise's code", problem: "")
        }
        let accesses = first.accesses.prefix(2).map { first.describe($0, in: exercise.folder) }
        return .verify(
            .races, false, expected: expected,
            measured: "\(count(Double(own.count), "report")) in the exercise's code",
            problem: "ThreadSanitizer found a \(first.kind): \(accesses.joined(separator: ", and ")). Two threads used "
                + "the same memory with nothing ordering the two uses, and at least one of them wrote it: what one "
                + "reads may be half of what the other writes, or the memory may already be gone. Keep the memory "
                + "on one queue or one actor, and send values, not the memory, across"
        )
    }
}
