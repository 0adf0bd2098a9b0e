import NoteStore

// MARK: - LabError

/// The failures `lab` reports, each mapped to its exit code (sysexits.h).
public enum LabError: Error, Equatable {
    /// The command line asks for something that does not exist or cannot be.
    case usage(String)
    /// A database or file given to the lab cannot be used.
    case data(String)
    /// A row produced a different checksum, or failed while running.
    case checkFailed(String)
    /// A result could not be written (disk full, closed standard output, a failing device).
    case io(String)

    static let usageExitCode: Int32 = 64  // EX_USAGE
    static let dataExitCode: Int32 = 65  // EX_DATAERR
    static let ioExitCode: Int32 = 74  // EX_IOERR

    public var exitCode: Int32 {
        switch self {
        case .usage: Self.usageExitCode
        case .data: Self.dataExitCode
        case .checkFailed: 1
        case .io: Self.ioExitCode
        }
    }
}

// MARK: - CustomStringConvertible

extension LabError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .usage(let message), .data(let message), .checkFailed(let message), .io(let message): message
        }
    }
}

// MARK: - From the store

extension LabError {
    /// A store error met while preparing a database given on the command line.
    init(opening error: NoteStoreError) {
        self = .data(error.description)
    }
}
