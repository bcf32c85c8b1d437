/// Counts live instances of a class, to show that a parse leaves nothing behind (the seed's
/// XMLTreeParser users complained of leaks).
public final class LeakTracker: @unchecked Sendable {
    private var live = 0
    /// Creates a tracker.
    public init() {}
    /// The number of tracked objects still alive.
    public var liveCount: Int { live }
    /// Registers a new instance; call from `init`.
    public func created() { live += 1 }
    /// Unregisters an instance; call from `deinit`.
    public func destroyed() { live -= 1 }
}
