#ifndef CEXPAT_BASELINE_H
#define CEXPAT_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/// What a baseline run saw: enough to check it against the Swift workloads and to keep
/// the compiler from dropping the work.
typedef struct {
    /// Start tags seen.
    uint64_t elements;
    /// Character-data callbacks.
    uint64_t textCallbacks;
    /// Bytes read from the file.
    uint64_t bytes;
    /// 0 on success; otherwise expat's error code, or -errno for a read or open failure.
    int error;
    /// The line of an expat error (1-based), 0 otherwise.
    unsigned long errorLine;
} CExpatBaseline_Result;

/// Parses the file at `path` with raw expat and handlers that only count.
///
/// Each read goes straight into expat's own buffer (`XML_GetBuffer`, `read`,
/// `XML_ParseBuffer`) and asks for exactly `chunkSize` bytes, whatever token is pending:
/// on expat before 2.6 a token that spans many chunks is re-scanned at every chunk.
///
/// - Parameter namespaces: nonzero to create the parser with `XML_ParserCreateNS` (separator
///   0x01, triplets on), as XMLStreamParser does by default.
CExpatBaseline_Result CExpatBaseline_parseFile(const char *path, size_t chunkSize, int namespaces);

#endif
