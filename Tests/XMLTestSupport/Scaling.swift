import Foundation

/// Measures how a piece of work grows with its input: run at size `n` and at `factor · n`
/// and compare. Linear work gives a ratio near `factor`; quadratic work gives `factor²`.
///
/// Time is CPU time (the test thread's, or the child process's for a tool), not wall-clock
/// time, so tests running beside it on a busy, shared machine do not count; and each size
/// runs `repeats` times with the fastest run kept.
///
/// Under a sanitizer nothing is timed: the work runs once, on the input of size `n`, so the
/// sanitizer still sees the hostile input whole, and ``isNearLinear(limit:)`` holds. The
/// plain `swift test` run measures the growth; timing it again under a sanitizer, whose
/// shadow memory makes a large input cost more per byte than a small one, checked nothing
/// the plain run does not and took most of the sanitizer runs' time (under AddressSanitizer,
/// in a CI run of 2026-11-27, the library's tests took 14 minutes and its last scaling test,
/// the measurements waiting on one another, ended after 9).
public struct Scaling: CustomStringConvertible {
    public var n: Int
    public var factor: Int
    /// The fastest time at `n` and at `factor · n`, in seconds; `nil` under a sanitizer.
    public var small: Double?
    public var large: Double?

    /// `large / small`; `nil` under a sanitizer.
    public var ratio: Double? {
        guard let small, let large else { return nil }
        return large / max(small, 1e-9)
    }

    /// Whether the growth is near-linear: under `limit` for a factor of 4 (linear is 4,
    /// quadratic 16); the limit scales with the factor for other factors. Under a sanitizer,
    /// which times nothing, always true.
    public func isNearLinear(limit: Double = 7) -> Bool {
        guard let ratio else { return true }
        return ratio < limit * Double(factor) / 4
    }

    /// Whether the tests run under AddressSanitizer or ThreadSanitizer (a runtime is linked in).
    public static let underSanitizer: Bool = ["__asan_init", "__tsan_init"].contains { (symbol: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) != nil
    }

    public var description: String {
        guard let small, let large, let ratio else {
            return String(format: "n = %d: run once, not timed under a sanitizer", n)
        }
        return String(format: "n = %d: %.4f s; %d·n: %.4f s; ratio %.2f (linear %d, quadratic %d)", n, small, factor, large,
            ratio, factor, factor * factor)
    }

    /// Runs `work(input)` for inputs of size `n` and `factor · n`, `repeats` times each, with
    /// the inputs made beforehand by `prepare` so their cost is not counted.
    public static func measure<Input>(
        n: Int, factor: Int = 4, repeats: Int = 3, prepare: (Int) throws -> Input, _ work: (Input) throws -> Void
    ) rethrows -> Scaling {
        try measureSeconds(n: n, factor: factor, repeats: repeats, prepare: prepare) { input in
            let start = threadCPUTime()
            try work(input)
            return threadCPUTime() - start
        }
    }

    /// Like ``measure(n:factor:repeats:prepare:_:)`` for work that reports its own time
    /// (a child process's CPU time, from ``runTool(_:_:)``).
    public static func measureSeconds<Input>(
        n: Int, factor: Int = 4, repeats: Int = 3, prepare: (Int) throws -> Input, _ work: (Input) throws -> Double
    ) rethrows -> Scaling {
        // One measurement at a time in the process. Suites run side by side, and two
        // measurements at once share the allocator and the kernel's page-fault path (under
        // ThreadSanitizer, its shadow memory too): each one's CPU time then grows with the
        // other's work (a tag of 160,000 attributes read 11.4 times slower than 40,000 in a
        // CI run of 2026-11-26, 4.2 the run before). The work is synchronous: waiting here
        // blocks no measurement's progress.
        if underSanitizer {
            _ = try work(try prepare(n))
            return Scaling(n: n, factor: factor, small: nil, large: nil)
        }
        measuring.lock()
        defer { measuring.unlock() }
        let smallInput = try prepare(n)
        let largeInput = try prepare(n * factor)
        // One unmeasured run of the small size warms caches and lazy initialisation.
        _ = try work(smallInput)
        var small = Double.infinity
        var large = Double.infinity
        for _ in 0..<repeats {
            small = min(small, try work(smallInput))
            large = min(large, try work(largeInput))
        }
        return Scaling(n: n, factor: factor, small: small, large: large)
    }

    /// Held by the measurement under way.
    private static let measuring = NSLock()

    /// The CPU time the calling thread has used, in seconds.
    public static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs a built executable (`xml`, `plist`) with its output going to `/dev/null`, not
    /// pipes, so that a tool printing megabytes of warnings cannot block. Returns its exit
    /// status and the CPU time it used (user and system), read from `wait4` for that child
    /// alone. Give it absolute paths.
    public static func runTool(_ name: String, _ arguments: [String]) throws -> (
        status: Int32, seconds: Double
    ) {
        let executable = ExecutableRun.url(of: name).path
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
