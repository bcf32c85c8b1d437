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
                (!options.processesNamespaces && isNamespaceRefusal(error)) || isLatin1NameRefusal(error),
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

    /// expat 2.5 reads ª, µ and º as name characters in ISO-8859-1 and UTF-16 documents but
    /// not in UTF-8 ones, and the writer writes UTF-8: it refuses such names rather than
    /// write what expat would refuse.
    public static func isLatin1NameRefusal(_ error: any Error) -> Bool {
        guard let error = error as? XMLWriterError else { return false }
        let name: String
        switch error.kind {
        case .invalidName(let n), .invalidProcessingInstruction(let n), .invalidPrefix(let n): name = n
        default: return false
        }
        return hasLatin1OnlyNameCharacter(name)
    }

    /// Whether `text` holds ª, µ or º: name characters for expat 2.5 in ISO-8859-1 and
    /// UTF-16 documents, not in UTF-8 ones.
    public static func hasLatin1OnlyNameCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{AA}" || $0 == "\u{B5}" || $0 == "\u{BA}" }
    }
}
