import Testing
import XMLStreaming
import XMLTestSupport

/// The stream parser's paths, time for n and 4n inputs: near-linear, never quadratic.
@Suite("Stream parser scaling", .serialized)
struct StreamScalingTests {
    /// Reads every attribute by index and as owned copies, as `xml events` does.
    struct IndexingHandler: XMLEventHandler {
        var total = 0
        mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
            for i in attributes.indices { total += attributes[i].value.count }
            total += attributes.owned.count
        }
    }

    @Test("A tag with n attributes: indexing the borrowed view and copying it are linear")
    func attributeView() throws {
        // From 40,000, past the cache cliff that expat's own attribute handling sits on below
        // it (the tree's test starts past it too): from 25,000 the ratio was 8.3 under
        // ThreadSanitizer in a CI run of 2026-11-25, and 4.8 from 40,000 without a sanitizer.
        let scaling = try Scaling.measure(n: 40_000, prepare: HostileInput.manyAttributes) { bytes in
            let parser = XMLStreamParser(handler: IndexingHandler())
            try parser.parse(bytes)
            #expect(parser.handler.total > 0)
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("Unexpanded entities in attribute values: n references in one value, n attributes holding one each")
    func attributeEntities() throws {
        let doctype = "<!DOCTYPE r SYSTEM \"r.dtd\">"
        func oneValue(_ n: Int) -> [UInt8] {
            Array((doctype + "<r a=\"" + String(repeating: "x&nbsp;\ny", count: n) + "\"/>").utf8)
        }
        func manyAttributes(_ n: Int) -> [UInt8] {
            Array((doctype + "<r" + (0..<n).map { " a\($0)=\"&nbsp;\($0)\"" }.joined() + "/>").utf8)
        }
        for (label, policy) in [("replaced", XMLUnexpandedEntityPolicy.replace(.html)), ("skipped", .skip)] {
            func parse(_ bytes: [UInt8]) throws {
                let parser = XMLStreamParser(handler: XMLEventCollector(), options: XMLParserOptions(unexpandedEntities: policy))
                try parser.parse(bytes)
            }
            let value = try Scaling.measure(n: 20_000, prepare: oneValue, parse)
            print("scaling: \(label) references in one value: \(value)"); #expect(value.isNearLinear(), "\(value)")
            let attributes = try Scaling.measure(n: 40_000, prepare: manyAttributes, parse)
            print("scaling: \(label) attributes with references: \(attributes)"); #expect(attributes.isNearLinear(), "\(attributes)")
        }
        // Reported as events: the positions of n references in one pass over the tag.
        let events = try Scaling.measure(n: 20_000, prepare: oneValue) { bytes in
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true))
            try parser.parse(bytes)
        }
        print("scaling: reported references in one value: \(events)"); #expect(events.isNearLinear(), "\(events)")
    }

    @Test("Control-character references: n in one text, n in one value, n elements on one line with every position asked")
    func controlCharacterReferences() throws {
        var options = XMLParserOptions()
        options.readsControlCharacterReferences = true
        func parse(_ bytes: [UInt8]) throws {
            let parser = XMLStreamParser(handler: XMLEventCollector(recordsPositions: true), options: options)
            try parser.parse(bytes)
        }
        let shapes: [(String, (Int) -> [UInt8])] = [
            ("in one text", { Array(("<a>" + String(repeating: "x&#x1E;", count: $0) + "</a>").utf8) }),
            ("in one value", { Array(("<a v='" + String(repeating: "&#31;y", count: $0) + "'/>").utf8) }),
            ("before n elements on one line", { Array(("<a>" + String(repeating: "&#x1E;<b v='&#1;'/>", count: $0) + "</a>").utf8) }),
        ]
        for (label, document) in shapes {
            let scaling = try Scaling.measure(n: 10_000, prepare: document, parse)
            print("scaling: control-character references \(label): \(scaling)")
            #expect(scaling.isNearLinear(), "\(label): \(scaling)")
        }
    }

    @Test("A document that ends inside n open elements, on one long line or one a line: pinning them is linear")
    func openElementsPinned() throws {
        // Every element is opened in the one call into expat and still open when it returns,
        // so all n are pinned at once, each with its line and column.
        let text = String(repeating: "x", count: 200)
        let shapes: [(String, (Int) -> [UInt8], (Int) -> String)] = [
            ("on one line", { Array(("<r>" + String(repeating: "<a>" + text, count: $0)).utf8) }, { "1:\(4 + 203 * ($0 - 1))" }),
            ("one a line", { Array(("<r>" + String(repeating: "\n<a>" + text, count: $0)).utf8) }, { "\($0 + 1):1" }),
        ]
        for (label, document, innermost) in shapes {
            let scaling = Scaling.measure(n: 2_000, prepare: document) { bytes in
                let error = #expect(throws: XMLParseError.self) { try XMLStreamParser(handler: IndexingHandler()).parse(bytes) }
                let n = (bytes.count - 3) / (label == "one a line" ? 204 : 203)
                #expect(error?.message == "premature end of input: <a> opened at \(innermost(n)) is not closed", "\(label)")
            }
            print("scaling: open elements pinned \(label): \(scaling)")
            #expect(scaling.isNearLinear(), "\(label): \(scaling)")
        }
    }

    @Test("An element declaration with n alternatives, or n names in mixed content, is read in linear time")
    func wideContentModels() throws {
        for (label, open) in [("choice", "("), ("mixed", "(#PCDATA|")] {
            func document(_ n: Int) -> [UInt8] {
                Array(("<!DOCTYPE a [<!ELEMENT a " + open + (0..<n).map { "e\($0)" }.joined(separator: "|") + ")*>]><a/>").utf8)
            }
            // Best of five: milliseconds each, so a busy machine moves the ratio (it reached
            // 7.1 once in CI, against about 5 when idle; the instructions grow linearly, as
            // callgrind counts them, and the rest is the cache).
            let scaling = try Scaling.measure(n: 20_000, repeats: 5, prepare: document) { bytes in
                let parser = XMLStreamParser(handler: XMLEventCollector())
                try parser.parse(bytes)
                #expect(parser.handler.events.count == 7)
            }
            print("scaling: \(label) of n names: \(scaling)"); #expect(scaling.isNearLinear(), "\(label): \(scaling)")
        }
    }

    @Test("The pull reader copies a tag with n attributes in linear time")
    func pullReader() throws {
        let scaling = try Scaling.measure(n: 25_000, prepare: HostileInput.manyAttributes) { bytes in
            let reader = XMLEventReader(bytes: bytes)
            while try reader.next() != nil {}
        }
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("The recovering reader: many attributes, undeclared prefixes, unmatched end tags, unclosed comments")
    func recovery() throws {
        let recovering = XMLParserOptions(recovery: XMLRecovery())
        func parse(_ bytes: [UInt8]) throws {
            let parser = XMLStreamParser(handler: XMLEventCollector(), options: recovering)
            try parser.parse(bytes)
        }
        let attributes = try Scaling.measure(n: 10_000, prepare: HostileInput.manyAttributes, parse)
        print("scaling: well-formed attributes: \(attributes)"); #expect(attributes.isNearLinear(), "well-formed attributes: \(attributes)")
        let prefixes = try Scaling.measure(n: 10_000, prepare: HostileInput.undeclaredPrefixes, parse)
        print("scaling: undeclared prefixes: \(prefixes)"); #expect(prefixes.isNearLinear(), "undeclared prefixes: \(prefixes)")
        let unmatched = try Scaling.measure(n: 2_000, prepare: { HostileInput.unmatchedEndTags(depth: $0, $0) }, parse)
        print("scaling: unmatched end tags: \(unmatched)"); #expect(unmatched.isNearLinear(), "unmatched end tags: \(unmatched)")
        let comments = try Scaling.measure(
            n: 5_000, prepare: { Array(("<r>" + String(repeating: "<!-- x>", count: $0)).utf8) }, parse)
        print("scaling: unclosed comments: \(comments)"); #expect(comments.isNearLinear(), "unclosed comments: \(comments)")
        let instructions = try Scaling.measure(
            n: 5_000, prepare: { Array(("<r>" + String(repeating: "<?a x>", count: $0)).utf8) }, parse)
        print("scaling: unclosed processing instructions: \(instructions)"); #expect(instructions.isNearLinear(), "unclosed processing instructions: \(instructions)")
    }
}
