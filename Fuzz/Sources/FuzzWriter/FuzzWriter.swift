import FuzzSupport
import XMLStreaming
import XMLWriting

/// The writer, driven by calls the input chooses with names and text from the input:
/// a call that throws writes nothing, and whatever `finish()` accepts reads back.
@main
struct FuzzWriter {
    static let namespaces: [String?] = [nil, "", "urn:a", "urn:b", "http://www.w3.org/XML/1998/namespace", "http://www.w3.org/2000/xmlns/"]

    static func optional(_ input: inout FuzzInput) -> String? {
        switch input.choice(4) {
        case 0: return nil
        case 1: return ["p", "q", "xml", "xmlns", "ns1"][input.choice(5)]
        default: return input.string(limit: 16)
        }
    }

    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let policy: XMLCharacterPolicy = [.strip, .replace, .throw][Int(flags & 3) % 3]
            let indentation: String? = flags & 4 == 0 ? nil : ["  ", "\t", "\n"][Int(flags >> 3) % 3]
            guard let writer = try? XMLStreamWriter(options: .init(indentation: indentation, characterPolicy: policy)) else {
                Fuzzer.check(false, "white-space indentation refused")
                return
            }
            // A name with a colon and no namespace is written as given, for documents read
            // without namespaces: such output need only parse without namespaces.
            var literalColon = false
            var calls: [String] = []
            while !input.isAtEnd, calls.count < 200 {
                let before = writer.bytes
                let call = input.choice(11)
                do {
                    switch call {
                    case 0:
                        let name = input.string(limit: 16)
                        let namespace = namespaces[input.choice(namespaces.count)]
                        let prefix = optional(&input)
                        calls.append("startElement(\(name.debugDescription), \(namespace ?? "nil"), \(prefix ?? "nil"))")
                        try writer.startElement(name, namespace: namespace, prefix: prefix)
                        if namespace?.isEmpty ?? true, prefix == nil, name.unicodeScalars.contains(":") { literalColon = true }
                    case 1:
                        let name = input.string(limit: 16)
                        let value = input.string()
                        let namespace = namespaces[input.choice(namespaces.count)]
                        let prefix = optional(&input)
                        calls.append("attribute(\(name.debugDescription), \(value.debugDescription), \(namespace ?? "nil"), \(prefix ?? "nil"))")
                        try writer.attribute(name, value: value, namespace: namespace, prefix: prefix)
                        if namespace?.isEmpty ?? true, prefix == nil, name.unicodeScalars.contains(":") { literalColon = true }
                    case 2:
                        let prefix = optional(&input)
                        let uri = namespaces[input.choice(namespaces.count)] ?? input.string()
                        calls.append("declareNamespace(\(prefix ?? "nil"), \(uri.debugDescription))")
                        try writer.declareNamespace(prefix: prefix, uri: uri)
                    case 3:
                        let text = input.string()
                        calls.append("text(\(text.debugDescription))")
                        try writer.text(text)
                    case 4:
                        let text = input.string()
                        calls.append("cdata(\(text.debugDescription))")
                        try writer.cdata(text)
                    case 5:
                        let text = input.string()
                        calls.append("comment(\(text.debugDescription))")
                        try writer.comment(text)
                    case 6:
                        let target = input.string(limit: 16)
                        let data = input.string()
                        calls.append("processingInstruction(\(target.debugDescription), \(data.debugDescription))")
                        try writer.processingInstruction(target: target, data: data)
                        // Like a name written as given: namespace-aware readers refuse it.
                        if target.unicodeScalars.contains(":") { literalColon = true }
                    case 7:
                        calls.append("endElement()")
                        try writer.endElement()
                    case 8:
                        let name = input.string(limit: 16)
                        let text = input.string()
                        calls.append("element(\(name.debugDescription), \(text.debugDescription))")
                        try writer.element(name, text: text)
                        if name.unicodeScalars.contains(":") { literalColon = true }
                    case 9:
                        calls.append("declaration()")
                        try writer.declaration(standalone: flags & 0x40 == 0 ? nil : true)
                    default:
                        let name = input.string(limit: 16)
                        let publicID = input.choice(2) == 0 ? nil : input.string()
                        let systemID = input.choice(2) == 0 ? nil : input.string()
                        calls.append("doctype(\(name.debugDescription), \(publicID ?? "nil"), \(systemID ?? "nil"))")
                        try writer.doctype(name: name, publicID: publicID, systemID: systemID)
                        if name.unicodeScalars.contains(":") { literalColon = true }
                    }
                } catch {
                    calls[calls.count - 1] += " → \(error)"
                    Fuzzer.check(writer.bytes == before, "a refused call wrote: \(calls.joined(separator: "\n"))\n\(writer.string)")
                }
            }
            while (try? writer.endElement()) != nil {}
            guard (try? writer.finish()) != nil else { return }
            let output = writer.bytes
            let trail = "\(calls.joined(separator: "\n"))\n\(writer.string)"
            if case .failure(let failure) = EventCopy.events(of: output, options: XMLParserOptions(processesNamespaces: false)) {
                Fuzzer.check(false, "output does not parse: \(failure)\n\(trail)")
            }
            if !literalColon, case .failure(let failure) = EventCopy.events(of: output) {
                Fuzzer.check(false, "output does not parse with namespaces: \(failure)\n\(trail)")
            }
        }
    }
}
