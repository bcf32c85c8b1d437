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
struct StackSpace {
    /// The lowest address of the stack (it grows down), or `nil` where it is not known (then
    /// nothing is checked).
    private let low: UInt?

    /// What must be left when a compile step starts: more than any one step takes, debug
    /// builds included, before the next step checks again.
    static let reserve: UInt = 256 * 1024

    /// Reads the current thread's stack bounds: once per schema, as reading them can cost a
    /// system call (the main thread's, from `/proc/self/maps`).
    init() {
        #if canImport(Glibc)
        // glibc's pthread_getattr_np is a GNU extension the Glibc module does not show: found
        // by name, with the signature its header gives it.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
            low = nil
            return
        }
        let getAttributes = unsafe unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard unsafe getAttributes(pthread_self(), &attributes) == 0 else {
            low = nil
            return
        }
        defer { unsafe pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address else {
            low = nil
            return
        }
        low = UInt(bitPattern: address)
        #elseif canImport(Darwin)
        // The stack's highest address, less its size.
        let high = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        low = high - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
        low = nil
        #endif
    }

    /// Whether less than ``reserve`` is left below the caller's frame.
    var isLow: Bool {
        guard let low else { return false }
        var marker: UInt8 = 0
        // Only the marker's address is read, to tell how deep the stack is here; nothing is
        // read or written through it.
        let here = unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here < low || here - low < Self.reserve
    }
}
