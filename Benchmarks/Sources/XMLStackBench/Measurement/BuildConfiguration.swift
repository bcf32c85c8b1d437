#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this binary was built without optimisation (`swift build` without `-c release`).
let isDebugBuild: Bool = {
    var debug = false
    assert(
        {
            debug = true
            return true
        }())
    return debug
}()

/// Prints the debug-build warning to standard error, loudly, once per process.
func warnIfDebugBuild() {
    guard isDebugBuild else { return }
    printToStandardError(
        """
        ==========================================================================
        = xmlstack-bench IS A DEBUG BUILD: its numbers mean nothing.             =
        = Build it with: swift build -c release --package-path Benchmarks        =
        ==========================================================================
        """)
}

/// Writes a line to standard error (unbuffered, so progress shows as it happens).
func printToStandardError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
