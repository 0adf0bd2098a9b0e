internal import Support
internal import Meters
import Workload

// MARK: - Checks most exercises share

extension Check {
    /// `trap`: the run went to its end; no trap, crash, error or watchdog stopped it.
    static func runsToTheEnd(_ run: ChildRun) -> Check {
        let measured = run.stop.map(\.description) ?? "no trap: the run went to its end"
        return .verify(.trap, run.stop == nil, expected: "no trap: the run goes to its end", measured: measured, problem: measured)
    }

    /// A check of a value the run may not have reached: ``notMeasured(_:expected:because:)``
    /// when it is missing, else what `judge` says.
    static func of<T>(_ id: CheckID, _ value: T?, expected: String, run: ChildRun, judge: (T) -> Check) -> Check {
        guard let value else {
            let reason = run.stop == nil
                ? "the run did not measure it"
                : "the run stopped before measuring it (see the trap check)"
            return .notMeasured(id, expected: expected, because: reason)
        }
        return judge(value)
    }

    /// A yes-or-no the run measured, or may not have reached: passes when it `holds`, with
    /// `measured` saying which, and `problem` why it matters when it does not.
    static func holds(
        _ id: CheckID, _ value: Bool?, expected: String, measured: (yes: String, no: String), problem: String, run: ChildRun
    ) -> Check {
        .of(id, value, expected: expected, run: run) { holds in
            .verify(id, holds, expected: expected, measured: holds ? measured.yes : measured.no, problem: problem)
        }
    }

    /// `checksum`: the database ends as the reference model says. The check reads the
    /// database itself, through a context of its own, after the learner's code is done.
    static func checksum(_ measured: Checksum?, reference: Checksum, run: ChildRun) -> Check {
        .matches(
            .checksum, measured, reference: reference, named: "the database's checksum", run: run,
            problem: "the database does not hold what was imported"
        )
    }

    /// `reads`: every value read equals the reference model's.
    static func reads(_ measured: Checksum?, reference: Checksum, run: ChildRun) -> Check {
        .matches(
            .reads, measured, reference: reference, named: "the digest of the values read", run: run,
            problem: "a value read differs from the reference model's"
        )
    }

    /// A digest that must equal the reference model's. Neither digest is printed: the
    /// expected one would be an answer to copy, and the measured one says nothing a person
    /// can use.
    private static func matches(
        _ id: CheckID, _ measured: Checksum?, reference: Checksum, named name: String, run: ChildRun, problem: String
    ) -> Check {
        let expected = "\(name) equal to the reference model's"
        return .of(id, measured, expected: expected, run: run) { digest in
            .verify(
                id, digest == reference, expected: expected,
                measured: digest == reference ? "equal to the reference model's" : "different from the reference model's",
                problem: "\(name) differs from the reference model's: \(problem)"
            )
        }
    }

    /// `hops`: actor hops per call within `budget`, as the hop meter counts them.
    static func hops(_ perCall: PerCall?, budget: ClosedRange<Double>, per unit: String, why: String, run: ChildRun) -> Check {
        let expected = "\(Self.amount(budget, "hop")) per \(unit)"
        return .of(.hops, perCall, expected: expected, run: run) { perCall in
            guard let hops = perCall.hops else {
                return Check(
                    id: .hops, status: .unavailable, expected: expected,
                    measured: "not counted: \(HopMeter.unavailableReason)"
                )
            }
            return .verify(
                .hops, budget.contains(hops), expected: expected, measured: "\(count(hops, "hop")) per \(unit)",
                problem: "\(count(hops, "hop")) per \(unit) (budget: \(Self.range(budget))): \(why)"
            )
        }
    }

    /// `dispatches`: jobs sent to a context's queue per call within `budget`.
    static func dispatches(_ perCall: PerCall?, budget: ClosedRange<Double>, per unit: String, why: String, run: ChildRun) -> Check {
        let expected = "\(Self.amount(budget, "queue dispatch", plural: "queue dispatches")) per \(unit)"
        return .of(.dispatches, perCall, expected: expected, run: run) { perCall in
            .verify(
                .dispatches, budget.contains(perCall.dispatches), expected: expected,
                measured: "\(count(perCall.dispatches, "queue dispatch", plural: "queue dispatches")) per \(unit)",
                problem: "\(count(perCall.dispatches, "queue dispatch", plural: "queue dispatches")) per \(unit) "
                    + "(budget: \(Self.range(budget))): \(why)"
            )
        }
    }

    /// "1 hop", "2 hops", "2.37 hops".
    static func count(_ value: Double, _ noun: String, plural: String? = nil) -> String {
        "\(Format.compact(value)) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// "2", "2 to 3", "at most 2".
    static func range(_ range: ClosedRange<Double>) -> String {
        if range.lowerBound == range.upperBound { return Format.compact(range.lowerBound) }
        if range.lowerBound == 0 { return "at most \(Format.compact(range.upperBound))" }
        return "\(Format.compact(range.lowerBound)) to \(Format.compact(range.upperBound))"
    }

    /// "2 hops", "2 to 3 hops", "at most 1 queue dispatch".
    static func amount(_ range: ClosedRange<Double>, _ noun: String, plural: String? = nil) -> String {
        "\(Self.range(range)) \(range.upperBound == 1 ? noun : plural ?? noun + "s")"
    }
}
