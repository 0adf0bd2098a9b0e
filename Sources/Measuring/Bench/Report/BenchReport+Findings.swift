import RowKit
import Support
import Workload

// MARK: - What the run found

extension BenchReport {
    /// The medians two rows must differ by for ``findings`` to count the pair as one the
    /// run should order: closer than that, a 2-core machine's noise may decide.
    static let clearDifference = 0.15

    /// What this run established, one sentence each, drawn from its own numbers and each
    /// ending with the chapter that explains it: the last lines `lab bench` prints.
    package var findings: [String] {
        [sameWork, framesFinding, costsFinding, hopsFinding, ordersFinding, leaksFinding].compactMap { $0 }
    }

    /// The findings as the terminal prints them, under a title.
    package var findingsLines: [String] {
        ["What this run found:"] + findings.flatMap { wrap($0, width: Self.terminalWidth, indent: "  ", bullet: true) }
    }

    /// Whether every row did the same work: the proof that makes two rows comparable.
    private var sameWork: String? {
        let rows = scenarios.flatMap(\.rows)
        guard !rows.isEmpty else { return nil }
        let differing = rows.filter { !$0.outcomeMatches }.count
        if differing == 0 {
            return "Every row of the \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") ended with the reference "
                + "checksum and read what the reference model read: the rows did the same work, so what differs between two rows "
                + "is the pattern (Docs/LabGuide.docc/ReadingTheResults.md)."
        }
        return "\(differing) of \(rows.count) runs of a row failed or differ from the reference model: their numbers compare "
            + "nothing until that is fixed (the lines above say which; Docs/Reliability.md)."
    }

    /// In a scenario with a list: which row kept the frames, which lost the most, and how many.
    private var framesFinding: String? {
        guard let scenario = scenarios.first(where: { $0.scenario.definition.frames != nil }) else { return nil }
        let ranked = scenario.rows.compactMap { row -> (RowResult, FrameLog)? in
            guard let frames = row.frames, !frames.logs.isEmpty else { return nil }
            return (row, frames.pooled)
        }
        .sorted { Double($0.1.missed) / Double(max($0.1.due, 1)) < Double($1.1.missed) / Double(max($1.1.due, 1)) }
        guard let best = ranked.first, let worst = ranked.last, ranked.count > 1,
              best.1.missed * max(worst.1.due, 1) < worst.1.missed * max(best.1.due, 1)
        else { return nil }
        func said(_ entry: (RowResult, FrameLog)) -> String {
            "\(entry.0.name) (\(entry.1.missed) of \(entry.1.due) due)"
        }
        return "While a batch import ran, the main-actor list missed the fewest frames with \(said(best)) and the most with "
            + "\(said(worst)). A read sent to the writer's queue waits for the save in progress; a reader of its own does not "
            + "(Docs/LabGuide.docc/ReadsThatDoNotWait.md)."
    }

    /// What a hop and a queue round trip cost on this machine.
    private var costsFinding: String? {
        let model = self.model
        guard let hop = model.hop, let trip = model.emptyRoundTrip else { return nil }
        return "Here an actor hop cost \(Format.decimal(hop.median, digits: 0)) ns and an empty round trip through a context's queue "
            + "\(Self.microseconds(trip.median)) (medians of \(costs.count) probes): a pattern that adds a trip per call pays that much "
            + "per call on top of the store's work (Docs/LabGuide.docc/WhereTheTimeGoes.md)."
    }

    /// The chattiest scenario's hops: what an actor per object costs against one actor.
    private var hopsFinding: String? {
        let chattiest = scenarios.max { $0.scenario.definition.callsPerOperation < $1.scenario.definition.callsPerOperation }
        guard let scenario = chattiest, let perObject = scenario.row(.actorPerObject)?.hopsPerOperation,
              let oneActor = scenario.row(.customExecutor)?.hopsPerOperation, perObject > oneActor else { return nil }
        return "In \(title(of: scenario)), an actor per object took \(Format.decimal(perObject, digits: 1)) hops per operation where one "
            + "actor on the context's queue (custom-executor) took \(Format.decimal(oneActor, digits: 1)): every property read of an "
            + "actor is an await (Docs/LabGuide.docc/ActorPerObject.md)."
    }

    /// Every pair of rows of one scenario whose medians differ by more than
    /// ``clearDifference``, and whether the rounds ordered it: "mixed: raw-sqlite >
    /// queue-perform" for each pair they did not.
    package var clearPairs: (count: Int, unordered: [String]) {
        var count = 0
        var unordered: [String] = []
        for scenario in scenarios {
            let ranked = scenario.ranked
            for (index, faster) in ranked.enumerated() {
                for slower in ranked[(index + 1)...] {
                    guard let high = faster.throughput?.median, let low = slower.throughput?.median, high > low * (1 + Self.clearDifference)
                    else { continue }
                    count += 1
                    if scenario.order(of: faster, and: slower) == nil {
                        unordered.append("\(title(of: scenario)): \(faster.name) > \(slower.name)")
                    }
                }
            }
        }
        return (count, unordered)
    }

    /// How many of the pairs that differ clearly the rounds ordered, and where they did not.
    private var ordersFinding: String? {
        let pairs = clearPairs
        let (clear, ordered) = (pairs.count, pairs.count - pairs.unordered.count)
        var largest: (scenario: String, rows: [RowResult])?
        var unsplit = 0
        for scenario in scenarios {
            if let tier = scenario.tiers.max(by: { $0.count < $1.count }), tier.count > 1 {
                unsplit += 1
                if tier.count > largest?.rows.count ?? 1 { largest = (title(of: scenario), tier) }
            }
        }
        guard clear > 0 || largest != nil else { return nil }
        var sentence = "Of the \(clear) pairs of rows whose medians differ by more than \(Self.percent(Self.clearDifference)), the rounds "
            + "ordered \(ordered)"
        if runs < ScenarioResult.roundsToOrder {
            sentence += "; with \(runs) round\(runs == 1 ? "" : "s") no order is established, run at least \(ScenarioResult.roundsToOrder)"
        }
        if let largest {
            let rows = largest.rows
            let named = rows.count > 4 ? rows.prefix(3).map(\.name).joined(separator: ", ") + " and \(rows.count - 3) more" : Self.names(rows)
            sentence += ". The largest rank, whose rows are not all told apart: \(rows.count) rows of \(largest.scenario) (\(named))"
                + (unsplit > 1 ? "; \(unsplit - 1) other scenario\(unsplit == 2 ? " has" : "s have") a rank of several rows" : "")
        }
        return sentence + " (Docs/LabGuide.docc/ReadingTheResults.md)."
    }

    /// Whether a row kept objects or bytes after it was closed.
    private var leaksFinding: String? {
        let measured = scenarios.flatMap(\.rows).filter { $0.leakedObjects != nil }
        guard !measured.isEmpty else { return nil }
        let leaking = measured.filter { ($0.leakedObjects ?? 0) > 0 || ($0.leakedBytesPerCycle ?? 0) > 0 }
        let names = Array(Set(leaking.map(\.name))).sorted()
        if names.isEmpty {
            return "No row kept an object or a byte per cycle after it was closed; a closure that captures its owner would show "
                + "here (Docs/LabGuide.docc/LeaksAndCycles.md)."
        }
        return "\(names.joined(separator: ", ")) kept objects or bytes after \(names.count == 1 ? "it was" : "they were") closed "
            + "(the leaked column says how many; Docs/LabGuide.docc/LeaksAndCycles.md)."
    }
}
