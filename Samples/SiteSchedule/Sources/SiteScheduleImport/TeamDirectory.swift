import Synchronization

/// The team codes an activity may name: those in the database when the import began and
/// those the feed has delivered since. Shared with the route that makes activities, which
/// checks each activity's team at its own start tag, where the error's position belongs.
final class TeamDirectory: Sendable {
    /// Codes as the database compares them, byte for byte (``ExactText``).
    private let codes: Mutex<Set<ExactText>>

    init(_ codes: [String]) {
        self.codes = Mutex(Set(codes.map(ExactText.init)))
    }

    func insert(_ code: String) {
        codes.withLock { _ = $0.insert(ExactText(code)) }
    }

    func contains(_ code: String) -> Bool {
        codes.withLock { $0.contains(ExactText(code)) }
    }
}
