// MARK: - Article

/// The articles and proposals the lessons come from, as the guide's "Start here" lists them.
enum Article {
    /// Source 000: lesson 10.
    static let modelActorPerObject =
        "\"SwiftData에서 ModelActor 사용하기\" (Using ModelActor in SwiftData), pookjw"
    /// Source 001: lessons 11 and 12.
    static let swiftUINotes =
        "\"내가 SwiftUI로 개발하면서 고민했던 내용 정리\" (What I puzzled over while developing with SwiftUI), pookjw"
    /// Source 002: lessons 1, 2, 4, 7, 8 and 9.
    static let swiftDataConcurrency =
        "\"SwiftData 中的并发编程\" (Concurrent programming in SwiftData), Fatbobman"
    /// Source 003: lessons 5 and 6.
    static let globalActorNotes =
        "\"Concurrency (9) Global Actors\", reading notes on Kodeco's Modern Concurrency in Swift"
    /// Source 004: lessons 1, 3, 4 and 5.
    static let actorsFreeCoreData =
        "\"ActorでCoreDataをスレッドから解放しよう\" (Free Core Data from threads with actors), Himeshi, iOSDC Japan 2023"
    /// Lesson 13.
    static let dynamicIsolation =
        "SE-0423, \"Dynamic actor isolation enforcement from non-strict-concurrency contexts\""
    /// Lesson 14.
    static let defaultIsolation =
        "SE-0466, \"Control default actor isolation inference\", and SE-0461, \"Run nonisolated async functions on the caller's actor by default\""
    /// Lessons 15 to 17 and 19: what Core Data and SwiftData developers run into beyond the
    /// five articles, shown with the lab's store alone.
    static let beyondTheArticles = "beyond the five articles: Core Data and SwiftData behaviour, reproduced with the lab's store"
    /// Lesson 18.
    static let isolatedConformances =
        "SE-0470, \"Global-actor isolated conformances\", and SE-0466, \"Control default actor isolation inference\""
}
