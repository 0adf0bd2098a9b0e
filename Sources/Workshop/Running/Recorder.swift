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

    init() {}

    /// Announces the next part of the run, as a clause: "importing the setup batches".
    public func step(_ what: String) {
        Wire.step.write(what)
    }

    /// Changes the measurements and sends them.
    public func record(_ change: (inout Measured) -> Void) {
        change(&measured)
        Wire.measured.write(Wire.encode(measured))
    }
}
