import WorkshopChecks

// MARK: - Watching

extension Workbench {
    /// Returns once the learner's copies of `exercise` differ from the version whose digest
    /// is `checked`: at once when they already do.
    package func waitForChange(to exercise: Exercise, from checked: String?) async throws {
        while digest(of: exercise) == checked {
            try await Task.sleep(for: .milliseconds(500))
        }
    }
}
