/// A failure that belongs to a file rather than to a place in a feed: a database that cannot
/// be opened, a feed that holds no schedule. Printed as `FILE: error: MESSAGE`.
public struct ScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database or feed concerned.
    public var file: String
    /// What is wrong with it.
    public var message: String

    /// Creates an error.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): error: \(message)" }
}
