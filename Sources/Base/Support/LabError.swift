// MARK: - LabError

/// The failures `lab` reports, each mapped to its exit code (sysexits.h).
package enum LabError: Error, Equatable {
    /// The command line asks for something that does not exist or cannot be.
    case usage(String)
    /// A database or file given to the lab cannot be used.
    case data(String)
    /// A row produced a different checksum, or failed while running.
    case checkFailed(String)
    /// A result could not be written (disk full, closed standard output, a failing device).
    case io(String)

    package static let usageExitCode: Int32 = 64  // EX_USAGE
    package static let dataExitCode: Int32 = 65  // EX_DATAERR
    package static let ioExitCode: Int32 = 74  // EX_IOERR

    package var exitCode: Int32 {
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
    package var description: String {
        switch self {
        case .usage(let message), .data(let message), .checkFailed(let message), .io(let message): message
        }
    }
}
