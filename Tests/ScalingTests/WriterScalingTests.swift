import Testing
import XMLTestSupport
import XMLWriting

/// The writer's paths: a call costs what it writes, however full the tag or the scope.
@Suite("Writer scaling", .serialized)
struct WriterScalingTests {
    @Test("n attributes in one tag, plain, namespaced with made-up prefixes, and under n declared prefixes")
    func attributes() throws {
        let plain = try Scaling.measure(n: 20_000, prepare: { $0 }) { n in
            let writer = try XMLStreamWriter()
            try writer.startElement("r")
            for i in 0..<n { try writer.attribute("a\(i)", value: "v") }
            try writer.endElement()
            try writer.finish()
        }
        print("scaling: plain: \(plain)"); #expect(plain.isNearLinear(), "plain: \(plain)")
        let generated = try Scaling.measure(n: 10_000, prepare: { $0 }) { n in
            let writer = try XMLStreamWriter()
            try writer.startElement("r")
            for i in 0..<n { try writer.attribute("a", value: "v", namespace: "urn:\(i)") }
            try writer.endElement()
            try writer.finish()
        }
        print("scaling: made-up prefixes: \(generated)"); #expect(generated.isNearLinear(), "made-up prefixes: \(generated)")
        let declared = try Scaling.measure(n: 10_000, prepare: { $0 }) { n in
            let writer = try XMLStreamWriter()
            try writer.startElement("r")
            for i in 0..<n { try writer.declareNamespace(prefix: "p\(i)", uri: "urn:\(i)") }
            try writer.startElement("s")
            for i in 0..<n { try writer.attribute("a", value: "v", namespace: "urn:\(i)") }
            try writer.endElement()
            try writer.endElement()
            try writer.finish()
        }
        print("scaling: declared prefixes: \(declared)"); #expect(declared.isNearLinear(), "declared prefixes: \(declared)")
    }

    @Test("n nested elements, each with its own default namespace")
    func depth() throws {
        let scaling = try Scaling.measure(n: 10_000, prepare: { $0 }) { n in
            let writer = try XMLStreamWriter()
            for i in 0..<n { try writer.startElement("e", namespace: "urn:\(i % 7)") }
            for _ in 0..<n { try writer.endElement() }
            try writer.finish()
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("An internal subset: n declarations, an entity value of n references, a content model of n names or n groups")
    func internalSubset() throws {
        func write(_ declarations: [XMLMarkupDeclaration]) throws {
            let writer = try XMLStreamWriter()
            try writer.doctype(name: "r", internalSubset: declarations)
            #expect(writer.bytesWritten > 0)
        }
        let cases: [(String, (Int) -> [XMLMarkupDeclaration])] = [
            ("n declarations", { n in (0..<n).map { XMLMarkupDeclaration.entity(name: "e\($0)", value: "v &amp; \($0)") } }),
            ("an entity value of n references", { n in [.entity(name: "e", value: String(repeating: "&a; & &#38; % ", count: n))] }),
            ("a content model of n names", { n in [.element(name: "r", content: "(" + (0..<n).map { "e\($0)" }.joined(separator: " | ") + ")*")] }),
            ("a content model of n groups", { n in [.element(name: "r", content: "(" + (0..<n).map { "((e\($0))?,f)" }.joined(separator: "|") + ")+")] }),
        ]
        for (name, declarations) in cases {
            let scaling = try Scaling.measure(n: 20_000, prepare: declarations, write)
            print("scaling: \(name): \(scaling)"); #expect(scaling.isNearLinear(), "\(name): \(scaling)")
        }
    }
}
