#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the current thread's stack is left, for the schema compiler: it follows
/// references from one component to another recursively (a type to its base, an element to
/// its type and that type's elements, a group to the groups it references), so a schema can
/// ask for any depth, and a legitimate large one goes deep (DocBook 5's, 70 references). A
/// fixed depth would refuse large schemas or still overflow a small thread's stack; the
/// compiler instead stops while ``reserve`` bytes are left, with an error.
///
/// Safe to use: it holds two addresses and, under AddressSanitizer, two of its functions;
/// it reads no memory through any of them.
@safe struct StackSpace {
    /// The lowest and highest addresses of the stack (it grows down), or `nil` where they
    /// are not known (then nothing is checked).
    private let bounds: (low: UInt, high: UInt)?

    /// Under AddressSanitizer, which may keep locals on a "fake stack" of its own: its
    /// lookup of the real frame a fake one stands for (`__asan_addr_is_in_fake_stack` and
    /// `__asan_get_current_fake_stack`, found by name); `nil` without it.
    private typealias RealFrame = @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?
    private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    private let sanitizer: (realFrame: RealFrame, currentFakeStack: CurrentFakeStack)?

    /// What must be left when a compile step starts: more than any one step takes, debug
    /// builds included, before the next step checks again.
    static let reserve: UInt = 256 * 1024

    /// Reads the current thread's stack bounds: once per schema, as reading them can cost a
    /// system call (the main thread's, from `/proc/self/maps`).
    init() {
        if let realFrame = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_addr_is_in_fake_stack"),
            let currentFakeStack = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_get_current_fake_stack")
        {
            unsafe sanitizer = unsafe (unsafeBitCast(realFrame, to: RealFrame.self), unsafeBitCast(currentFakeStack, to: CurrentFakeStack.self))
        } else {
            unsafe sanitizer = nil
        }
        #if canImport(Glibc)
        // glibc's pthread_getattr_np is a GNU extension the Glibc module does not show: found
        // by name, with the signature its header gives it.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
            bounds = nil
            return
        }
        let getAttributes = unsafe unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard unsafe getAttributes(pthread_self(), &attributes) == 0 else {
            bounds = nil
            return
        }
        defer { unsafe pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address else {
            bounds = nil
            return
        }
        bounds = (UInt(bitPattern: address), UInt(bitPattern: address) + UInt(size))
        #elseif canImport(Darwin)
        // The stack's highest address, less its size.
        let high = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        bounds = (high - UInt(pthread_get_stacksize_np(pthread_self())), high)
        #else
        bounds = nil
        #endif
    }

    /// Whether less than ``reserve`` is left below the caller's frame. A frame outside the
    /// thread's stack that AddressSanitizer does not place tells nothing: then `false`.
    var isLow: Bool {
        guard let bounds else { return false }
        var marker: UInt8 = 0
        // Only the marker's address is read, to tell how deep the stack is here; nothing is
        // read or written through it (nor through the real frame's).
        var here = unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if here < bounds.low || here >= bounds.high, let sanitizer = unsafe sanitizer,
            let real = unsafe sanitizer.realFrame(sanitizer.currentFakeStack(), UnsafeMutableRawPointer(bitPattern: here), nil, nil)
        {
            here = UInt(bitPattern: real)
        }
        guard here >= bounds.low, here < bounds.high else { return false }
        return here - bounds.low < Self.reserve
    }
}
