import Testing
import Workshop

@Suite("The exercise catalog")
struct ExerciseCatalogTests {
    @Test("Exercises are numbered from 1 without a gap")
    func numbering() {
        #expect(ExerciseCatalog.all.map(\.number) == Array(1...ExerciseCatalog.all.count))
    }
}
