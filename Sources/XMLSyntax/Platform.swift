// The platform's C library, imported in one place for the whole package: a module that
// imports XMLSyntax sees it. (A file whose `@inlinable` code calls it, which clients
// compile, imports it itself: XMLStringView.swift.)
#if canImport(Glibc)
@_exported public import Glibc
#elseif canImport(Musl)
@_exported public import Musl
#elseif canImport(Darwin)
@_exported public import Darwin
#endif

// read(2), write(2) and close(2) by names that no method called `read`, `write` or `close`
// hides.
#if canImport(Glibc)
package let systemRead = unsafe Glibc.read
package let systemWrite = unsafe Glibc.write
package let systemClose = Glibc.close
#elseif canImport(Musl)
package let systemRead = unsafe Musl.read
package let systemWrite = unsafe Musl.write
package let systemClose = Musl.close
#else
package let systemRead = unsafe Darwin.read
package let systemWrite = unsafe Darwin.write
package let systemClose = Darwin.close
#endif

/// What the C library says `code` (an `errno` value) means: strerror(3).
package func systemErrorMessage(_ code: Int32) -> String { unsafe String(cString: strerror(code)) }
