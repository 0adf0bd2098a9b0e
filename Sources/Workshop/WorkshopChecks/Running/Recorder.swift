import NoteStore
internal import Meters

// MARK: - Measurements

/// What one exercise's check measures: a value type whose properties start empty (nil)
/// and are filled in as the run goes, so a run that stops half-way still reports what it
/// measured before.
public protocol Measurements: Codable, Sendable {
    init()
}

// MARK: - Recorder

/// Where the measuring child process writes what it measured, as it measures it.
///
/// Every change is sent to the parent at once, so a trap loses nothing recorded before it;
/// every step is announced before it starts, so the parent can say what was running when
/// the process stopped.
public final class Recorder<Measured: Measurements> {
    public private(set) var measured = Measured()
    /// The data of this run.
    let data: WorkshopData
    /// The run's token, which marks its lines (``Wire``).
    private let token: String

    init(data: WorkshopData, token: String) {
        self.data = data
        self.token = token
    }

    /// The worst holds of the pool's and the main thread's so far, with the steps they
    /// happened in.
    private var stalls = Stalls()
    /// The step running now.
    private var currentStep: String?

    /// Announces the next part of the run, as a clause: "importing the setup batches".
    /// The store's counts go first, so that a run that stops in this step still says
    /// what the store had done before it.
    public func step(_ what: String) {
        recordLedger()
        currentStep = what
        Wire.step.write(what, token: token)
    }

    /// Changes the measurements and sends them.
    public func record(_ change: (inout Measured) -> Void) {
        change(&measured)
        Wire.measured.write(Wire.encode(measured), token: token)
    }

    /// Sends what the store counted in this process: the containers opened and the waits.
    func recordLedger() {
        stalls.absorb(StallMeter.take(), during: currentStep)
        Wire.ledger.write(Wire.encode(StoreLedger.now(stalls: stalls)), token: token)
    }

    /// Sends the error that ended the run.
    func recordError(_ error: any Error) {
        Wire.error.write("\(error)", token: token)
    }
}
