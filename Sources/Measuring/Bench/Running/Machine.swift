import RowKit
import Support
import Foundation

// MARK: - Machine

/// The machine a report was measured on.
package struct Machine: Sendable, Codable, Equatable {
    package var cores: Int
    package var os: String
    package var swift: String

    package static var current: Machine {
        Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            os: operatingSystem,
            swift: compilerVersion
        )
    }

    private static var operatingSystem: String {
        #if os(Linux)
        let name = "Linux"
        #elseif os(macOS)
        let name = "macOS"
        #else
        let name = "unknown"
        #endif
        return "\(name) \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    /// The version of the compiler that built the lab.
    private static var compilerVersion: String {
        #if compiler(>=6.4)
        ">= 6.4"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "< 6.2"
        #endif
    }
}
