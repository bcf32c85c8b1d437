internal import XMLSyntax

/// The cases of an ``XMLChoice``, learned once per type by letting its `init(from:)` ask for
/// its keyed container: the key type it asks for names the cases. What a synthesized
/// `init(from:)` asks first; a hand-written one that asks for something else first is not
/// learned, and its items are never skipped.
struct XMLChoiceCases: Sendable {
    /// Whether a key of the choice's key type is spelled `name`.
    let isCase: @Sendable (String) -> Bool
    /// The case names, when the key type lists them (`CaseIterable`), for errors.
    let names: [String]?

    /// The cases of `type`, or nil when its `init(from:)` asks for no keyed container first.
    /// `userInfo` is the decoder's, for an `init(from:)` that reads it first.
    static func of(_ type: any Decodable.Type, userInfo: [CodingUserInfoKey: Any]) -> XMLChoiceCases? {
        let probe = Probe(userInfo: userInfo)
        _ = try? type.init(from: probe)
        return probe.found
    }

    /// A decoder that records the key type of the first keyed container asked for, and stops.
    private final class Probe: Decoder {
        var found: XMLChoiceCases?
        let userInfo: [CodingUserInfoKey: Any]
        var codingPath: [any CodingKey] { [] }

        init(userInfo: [CodingUserInfoKey: Any]) { self.userInfo = userInfo }

        struct Stop: Error {}

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            // The first one asked for (an init that catches the stop and asks again is not
            // taught another key type).
            if found == nil {
                let names = (Key.self as? any CaseIterable.Type).map { Self.names(of: $0) } ?? nil
                found = XMLChoiceCases(isCase: { Key(stringValue: $0) != nil }, names: names)
            }
            throw Stop()
        }

        private static func names<C: CaseIterable>(of type: C.Type) -> [String]? {
            C.allCases.map { ($0 as? any CodingKey)?.stringValue ?? "" }
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Stop() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Stop() }
    }
}

extension XMLDecodingContext {
    /// Whether the record's node (an element, or a run of text) is a case of the choice:
    /// spelled as ``XMLKeyedContainer/allKeys`` looks for it, `{uri}local`, then the local
    /// name under the key strategy, then as written; text is the case `""`.
    func isChoiceCase(_ node: Int, _ cases: XMLChoiceCases) -> Bool {
        let n = record.nodes[node]
        guard n.kind == .element else { return cases.isCase(XMLDecoder.textKey) }
        let name = record.names[n.name]
        return cases.isCase("{\(name.uri ?? "")}\(name.local)") || cases.isCase(swiftName(ofName: n.name)) || cases.isCase(name.local)
    }

    /// `<Track> in the namespace urn:x at feed.xml:3:5`, for errors.
    func describeNode(_ node: Int) -> String {
        let n = record.nodes[node]
        guard n.kind == .element else { return "the text \"\(record.text(of: node))\" at \(location(of: node))" }
        let name = record.names[n.name]
        let namespace = name.uri.map { " in the namespace \($0)" } ?? ""
        return "<\(name.local)>\(namespace) at \(location(of: node))"
    }
}
