// A wrong fix of exercise 19 (blocking instead of awaiting): each frame reads through a
// reader of the container's pool, as the lesson asks, but refresh() starts the read in a
// detached task and spins on the main actor until the task has put the screen in a Mutex,
// "so the frame is drawn with fresh values". The main actor is held for every read: the
// frames it should draw wait for the database.

import NoteStore
import Synchronization
import WorkshopKit

@MainActor
final class LiveNoteListSpinningForTheReader: LiveListShowing {
    private let container: NoteContainer
    private let importer: BatchImporter
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) {
        self.container = container
        self.importer = importer
    }

    private final class Frame: Sendable {
        let screen = Mutex<Result<ListScreen, any Error>?>(nil)

        func waitForScreen() -> Result<ListScreen, any Error> {
            while true {
                if let screen = screen.withLock({ $0 }) { return screen }
            }
        }
    }

    func refresh() async throws {
        let container = container
        let titles = Self.titlesShown
        let frame = Frame()
        Task.detached {
            do {
                let screen = try await container.read { context in
                    let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
                    return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
                }
                frame.screen.withLock { $0 = .success(screen) }
            } catch {
                frame.screen.withLock { $0 = .failure(error) }
            }
        }
        screen = try frame.waitForScreen().get()
    }
}
