import Rows

// MARK: - RowCatalog

/// The rows `lab bench` runs, from the Rows library, under the name every command and the
/// report read them by.
typealias RowCatalog = Rows.RowCatalog
