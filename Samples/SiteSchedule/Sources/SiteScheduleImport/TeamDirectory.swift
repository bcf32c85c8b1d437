import Synchronization

/// The team codes an activity may name: those in the database when the import began and
/// those the feed has delivered since. Shared with the route that makes activities, which
/// checks each activity's team at its own start tag, where the error's position belongs.
final class TeamDirectory: Sendable {
    private let codes: Mutex<Set<String>>

    init(_ codes: Set<String>) {
        self.codes = Mutex(codes)
    }

    func insert(_ code: String) {
        codes.withLock { _ = $0.insert(code) }
    }

    func contains(_ code: String) -> Bool {
        codes.withLock { $0.contains(code) }
    }
}
