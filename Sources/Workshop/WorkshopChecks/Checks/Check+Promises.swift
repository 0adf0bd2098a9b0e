// MARK: - What a call that writes promises its caller

extension Check {
    /// `done`: every call's work was in the database when the call returned, as the check's
    /// own connection saw it.
    static func done(_ promises: CallPromises?, run: ChildRun) -> Check {
        let expected = "each call's work in the database when the call returns"
        return .of(.done, promises, expected: expected, run: run) { promises in
            if promises.returnedEarly == nil, let left = promises.leftRunning {
                let jobs = count(Double(left.jobs), "store job")
                return .verify(
                    .done, false, expected: expected, measured: "\(jobs) ran after \(left.name) returned",
                    problem: "\(left.name) returned before its work was done: \(jobs) of it ran on a context's queue "
                        + "after it returned, while the check made no call. Work a call hands on and does not await (a "
                        + "Task { }, a detached task, perform(schedule:), a queue's async) runs after the caller was "
                        + "told it is done, and never reports a failure. Await the work before you return"
                )
            }
            guard let early = promises.returnedEarly else {
                return .verify(
                    .done, true, expected: expected,
                    measured: "every call's work in the database as it returned (\(count(Double(promises.callsChecked), "call")))",
                    problem: ""
                )
            }
            let found = "\(early.committed) of its \(count(Double(early.expected), "note")) in the database"
            return .verify(
                .done, false, expected: expected, measured: "\(early.name) returned with \(found)",
                problem: "\(early.name) returned before its work was done: when it returned, the check's own "
                    + "connection found \(found). Work a call hands on and does not await (a Task { }, a detached "
                    + "task, perform(schedule:), a queue's async) runs after the caller was told it is done: the "
                    + "caller reads data that is not there yet, and never hears if the work fails. Await the work "
                    + "before you return"
            )
        }
    }

    /// `failure`: the call whose saves failed threw, and left none of its work in the database;
    /// or the call whose read failed threw.
    static func failure(_ promises: CallPromises?, run: ChildRun) -> Check {
        let readFailed = promises?.failed?.readFailed == true
        let expected = readFailed
            ? "the call whose read fails throws"
            : "the call whose save fails throws, and none of its work is saved"
        return .of(.failure, promises?.failed, expected: expected, run: run) { failed in
            let call = failed.call
            let left = "\(call.committed) of its \(count(Double(call.expected), "note"))"
            guard let error = failed.error else {
                let what = readFailed ? "a read it needed failed" : "every save of its work failed"
                return .verify(
                    .failure, false, expected: expected,
                    measured: readFailed ? "\(call.name) returned normally" : "\(call.name) returned normally; \(left) saved",
                    problem: "\(call.name) returned normally while \(what) with a disk error: the failure never "
                        + "reached the caller, who is told the work is done. Let the error propagate to the "
                        + "caller: no try?, no catch that drops it or keeps it where nobody reads it, no task "
                        + "that swallows it"
                )
            }
            if readFailed {
                return .verify(.failure, true, expected: expected, measured: "\(call.name) threw (\(error))", problem: "")
            }
            return .verify(
                .failure, call.committed == 0, expected: expected,
                measured: "\(call.name) threw (\(error)); \(left) saved",
                problem: "\(call.name) threw, but \(left) were saved: its work was not saved in one transaction, "
                    + "so a failure leaves part of it behind. Save the whole of a call's work at once"
            )
        }
    }
}
