import RowKit
import NoteStore
import Support

// MARK: - From the store

extension LabError {
    /// A store error met while preparing a database given on the command line.
    package init(opening error: NoteStoreError) {
        self = .data(error.description)
    }
}
