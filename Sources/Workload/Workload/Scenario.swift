// MARK: - Scenario

/// The fixed scenarios of the lab, by the name the command line, the reports and the
/// benchmarks know them by. Each is one kind of operation, repeated; what it is and does
/// lives in its ``definition`` (Scenarios/, one file per scenario).
public enum Scenario: String, CaseIterable, Sendable, Codable {
    case importBatch = "import"
    case pointRead = "point-read"
    case update
    case mixed
    case listRead = "list-read"
    case chatty
    case sync
    case uiDuringImport = "ui-during-import"

    /// Everything about the scenario: its sizes, its operations, its words in the report.
    public var definition: any ScenarioDefinition {
        switch self {
        case .importBatch: ImportBatch()
        case .pointRead: PointRead()
        case .update: Update()
        case .mixed: Mixed()
        case .listRead: ListRead()
        case .chatty: Chatty()
        case .sync: Sync()
        case .uiDuringImport: UIDuringImport()
        }
    }
}
