/// Limits on a DTD that reading and writing share, so that what the writer writes, the
/// reader reads.
package enum DTDLimits {
    /// The deepest nesting of groups a content model may have. Reading one is recursive, as
    /// is every use of the nested value, so a deeper one (no real DTD nests more than a few)
    /// is refused before it can exhaust the stack; the writer refuses to write one.
    package static let contentModelDepth = 1_000
}
