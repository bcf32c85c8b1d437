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
    /// With `reading`: the sum of the lengths of every element's and attribute's local name
    /// and namespace URI and of every attribute value (what the Swift reading handler sums).
    uint64_t checksum;
    /// 0 on success; otherwise expat's error code, or -errno for a read or open failure.
    int error;
    /// The line of an expat error (1-based), 0 otherwise.
    unsigned long errorLine;
} CExpatBaseline_Result;

/// Parses the file at `path` with raw expat and handlers that only count (or, with
/// `reading`, also measure every name and attribute value).
///
/// Each read goes straight into expat's own buffer (`XML_GetBuffer`, `read`,
/// `XML_ParseBuffer`) and asks for exactly `chunkSize` bytes, whatever token is pending:
/// on expat before 2.6 a token that spans many chunks is re-scanned at every chunk.
///
/// - Parameter namespaces: nonzero to create the parser with `XML_ParserCreateNS` (separator
///   0x01, triplets on), as XMLStreamParser does by default.
/// - Parameter reading: nonzero to read every name (split into namespace URI and local name)
///   and every attribute value in the start-tag handler, as the Swift reading handler does.
CExpatBaseline_Result CExpatBaseline_parseFile(const char *path, size_t chunkSize, int namespaces, int reading);

#endif
