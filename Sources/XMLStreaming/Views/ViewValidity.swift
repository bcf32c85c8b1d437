#if DEBUG
import Synchronization
internal import XMLSyntax

/// The check that makes keeping a borrowed view past its callback loud, in debug builds.
///
/// `XMLStringView`, `XMLName`, `XMLAttributes` and `XMLAttribute` point into expat's
/// buffers, which expat reuses as soon as a callback returns. Each view made during a
/// callback remembers the callback's generation (a number unique to that call); every
/// read of its bytes checks that the callback is still running on this thread, and traps
/// with a message otherwise. A callback made while another runs (a handler that parses
/// another document) does not end the outer one's views.
///
/// Release builds have none of it: the views are two words, their reads a load. A view made
/// outside any callback (`XMLStringView(borrowing:)`, over bytes you own) has generation 0
/// and is never checked.
@usableFromInline
enum ViewValidity {
    /// One running callback: its generation, and the callback it runs inside (a handler
    /// that parses another document), as a list from the innermost out. Frames live on the
    /// stack of `duringCallback`, which is running for as long as the thread-local points
    /// at them (the one invariant of the pointers here).
    @safe private struct Frame {
        let generation: UInt64
        let outer: UnsafeRawPointer?
    }

    /// The innermost running callback's frame on each thread, nil outside callbacks.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = unsafe pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    private static let counter = Atomic<UInt64>(0)

    /// The generation of the innermost callback running on this thread, 0 outside any:
    /// what a view made now remembers.
    @usableFromInline static var current: UInt64 {
        guard let frame = unsafe pthread_getspecific(key) else { return 0 }
        return unsafe frame.load(as: Frame.self).generation
    }

    /// Runs one callback: its views are valid until it returns.
    static func duringCallback(_ body: () -> Void) {
        let outer = unsafe pthread_getspecific(key)
        var frame = unsafe Frame(generation: counter.wrappingAdd(1, ordering: .relaxed).newValue, outer: UnsafeRawPointer(outer))
        unsafe withUnsafePointer(to: &frame) { pointer in
            unsafe pthread_setspecific(key, pointer)
            body()
            unsafe pthread_setspecific(key, outer)
        }
    }

    /// Traps when a view of `generation` is read after its callback returned.
    @usableFromInline static func check(_ generation: UInt64, _ type: StaticString) {
        guard generation != 0 else { return }
        var next = unsafe UnsafeRawPointer(pthread_getspecific(key))
        while let frame = unsafe next {
            let running = unsafe frame.load(as: Frame.self)
            if running.generation == generation { return }
            unsafe next = running.outer
        }
        preconditionFailure(
            "\(type) read after the callback that received it returned: it points into expat's buffer, "
                + "which is reused; keep a copy instead (.string, .bytes, .owned)")
    }
}
#endif
