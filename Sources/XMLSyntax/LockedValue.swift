/// A value under a pthread mutex, for the package's modules (not public API), in the manner
/// of swift-nio's `NIOLockedValueBox`: `Sendable` only when the value is, and every pthread
/// call's result checked.
///
/// Not the standard library's `Mutex`: on Linux that is a futex, which ThreadSanitizer does
/// not see, so every first use from two threads at once is reported as a race (the
/// sanitizer run in `.ci/run` must stay green). A pthread mutex it understands. Debug builds
/// use an error-checking mutex, so that locking it twice from one thread traps instead of
/// hanging.
@safe package final class LockedValue<Value> {
    // Invariant: allocated and initialized in `init`, destroyed and freed in `deinit`, and
    // never handed out: the mutex lives exactly as long as the box.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        unsafe mutex = .allocate(capacity: 1)
        unsafe mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        unsafe Self.check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        defer { unsafe pthread_mutexattr_destroy(&attributes) }
        #if DEBUG
        unsafe Self.check(
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)), "pthread_mutexattr_settype")
        #endif
        unsafe Self.check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
    }

    deinit {
        unsafe Self.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        unsafe mutex.deinitialize(count: 1)
        unsafe mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock. `body` must not use this box again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        unsafe Self.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer { unsafe Self.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        return try body(&value)
    }

    /// A pthread call that fails here is a bug (a lock used again from inside `withLock`, or
    /// a corrupted mutex), not a condition to recover from.
    @inline(__always)
    private static func check(_ result: Int32, _ call: StaticString) {
        precondition(result == 0, "\(call) failed with error \(result)")
    }
}

// The lock makes every access to the value exclusive; the value itself must be safe to
// hand to another thread.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
