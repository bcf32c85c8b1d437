import XMLStreaming
import XMLWriting

/// The check shared by the XML targets: events written back with the writer read back,
/// as the same content, with the same options.
public enum ReadBack {
    /// Writes `events` and reads them again; a finding when the writer refuses what the
    /// parser reported, when its output does not parse, or when the content changed.
    public static func check(_ events: [XMLEvent], options: XMLParserOptions) {
        guard let expected = EventCopy.content(of: events) else { return }
        let written: [UInt8]
        do {
            written = try EventCopy.write(events)
        } catch {
            Fuzzer.check(
                !options.processNamespaces && isNamespaceRefusal(error),
                "the writer refused parsed events: \(error)\n\(events.map(\.description).joined(separator: "\n"))")
            return
        }
        var strict = options
        strict.recovery = nil
        switch EventCopy.events(of: written, options: strict) {
        case .failure(let failure):
            Fuzzer.check(false, "written copy does not parse: \(failure)\n\(String(decoding: written, as: UTF8.self))")
        case .success(let back):
            let content = EventCopy.content(of: back)
            Fuzzer.check(
                content == expected,
                "written copy reads back differently:\n\(String(decoding: written, as: UTF8.self))\nexpected \(expected)\nfound \(content ?? [])")
        }
    }

    /// Read without namespaces, `xmlns:-="…"` is an attribute like any other; the writer
    /// refuses to write it, since no namespace-aware reader would read the result.
    public static func isNamespaceRefusal(_ error: any Error) -> Bool {
        guard let error = error as? XMLWriterError else { return false }
        switch error.kind {
        case .invalidPrefix, .conflictingPrefix: return true
        default: return false
        }
    }
}
