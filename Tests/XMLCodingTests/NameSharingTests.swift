import Testing
import XMLHandlerStack
import XMLStreaming
import XMLTestSupport

@testable import XMLCoding

/// Interns every element name of a document, and remembers each name's index.
private struct NameInterning: XMLEventHandler {
    var table: XMLNameTable
    var indexes: [Int] = []
    var names: [String] = []

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        indexes.append(table.index(of: name, namespaced: true))
        names.append(name.localName.string)
    }
}

@Suite("Names shared from record to record")
struct NameSharingTests {
    /// `<d><n0/><n1/>…<n0/><n1/>…</d>`: every name twice.
    static func twice(_ n: Int) -> [UInt8] {
        let names = (0..<n).map { "<n\($0)/>" }.joined()
        return Array("<d>\(names)\(names)</d>".utf8)
    }

    @Test("names that all collide under the fast hash are told apart, and the table turns to the keyed hash")
    func collidingNames() throws {
        let parser = XMLStreamParser(handler: NameInterning(table: XMLNameTable(fastHashCollides: true)))
        try parser.parse(Self.twice(500))
        let result = parser.handler
        #expect(result.table.isKeyed)
        #expect(result.table.count == 501)
        // The same name has the same index both times, and distinct names distinct indexes.
        var indexOfName: [String: Int] = [:]
        for (name, index) in zip(result.names, result.indexes) {
            #expect(indexOfName[name, default: index] == index, "\(name)")
            indexOfName[name] = index
        }
        #expect(Set(indexOfName.values).count == 501)
        #expect(result.table.names[indexOfName["n499"]!].local == "n499")
    }

    @Test("names of one length, first and last letter, in turn, keep their indexes (they share the table's entry for a name met again)")
    func namesSharingTheRecentEntry() throws {
        // a0b … a9b, then in turn a0b a1b a0b a1b …: each lookup of the shared entry finds the
        // other name there.
        let names = (0..<10).map { "<a\($0)b/>" }.joined()
        let alternating = (0..<200).map { "<a\($0 % 2)b/>" }.joined()
        let parser = XMLStreamParser(handler: NameInterning(table: XMLNameTable()))
        try parser.parse("<d>\(names)\(alternating)</d>")
        let result = parser.handler
        #expect(result.table.count == 11)
        var indexOfName: [String: Int] = [:]
        for (name, index) in zip(result.names, result.indexes) {
            #expect(indexOfName[name, default: index] == index, "\(name)")
            indexOfName[name] = index
        }
        #expect(Set(indexOfName.values).count == 11)
    }

    @Test("names crafted to collide are interned in near-linear time")
    func collidingNamesScale() throws {
        let scaling = try Scaling.measure(n: 5_000, prepare: Self.twice) { bytes in
            let parser = XMLStreamParser(handler: NameInterning(table: XMLNameTable(fastHashCollides: true)))
            try parser.parse(bytes)
        }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    /// `<feed><r a0="0"><e0>0</e0></r><r a1="1"><e1>1</e1></r>…</feed>`: each record its own names.
    static func newNamesPerRecord(_ n: Int) -> [UInt8] {
        var xml = "<feed>"
        for i in 0..<n { xml += "<r a\(i)=\"\(i)\"><e\(i)>\(i)</e\(i)></r>" }
        return Array((xml + "</feed>").utf8)
    }

    struct Collected: ElementConsumer {
        var records: [[String: Int]] = []
        mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
            if let record = child.decoded(as: [String: Int].self) { records.append(record) }
        }
        func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { true }
    }

    @Test("records of one route each read their own names, past the shared table's limit")
    func routeRecordsKeepTheirNames() throws {
        let n = XMLRecordBuilder.Partial.sharedNameLimit + 500
        var routes = ParseRoutes()
        routes.route("r", decoding: [String: Int].self)
        let records = try HandlerStack.parse(Self.newNamesPerRecord(n), root: Collected(), routes: routes).records
        #expect(records.count == n)
        for (i, record) in records.enumerated() where record != ["a\(i)": i, "e\(i)": i] {
            Issue.record("record \(i): \(record)")
            break
        }
    }

    @Test("records streamed at a path each read their own names, past the shared table's limit")
    func streamRecordsKeepTheirNames() throws {
        let n = XMLRecordBuilder.Partial.sharedNameLimit + 500
        let stream = XMLDecoder().decode([String: Int].self, eachAt: "feed/r", from: Self.newNamesPerRecord(n))
        var i = 0
        while let record = try stream.next() {
            if record != ["a\(i)": i, "e\(i)": i] {
                Issue.record("record \(i): \(record)")
                break
            }
            i += 1
        }
        #expect(i == n)
    }

    @Test("streamed records of ever new names decode in near-linear time")
    func streamNewNamesScale() throws {
        let scaling = try Scaling.measure(n: 4_000, prepare: Self.newNamesPerRecord) { bytes in
            let stream = XMLDecoder().decode([String: Int].self, eachAt: "feed/r", from: bytes)
            while try stream.next() != nil {}
        }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("one route table used by two parses at once gives each its own records")
    func concurrentParses() async throws {
        var routes = ParseRoutes()
        routes.route("r", decoding: [String: Int].self)
        let shared = routes
        let small = Self.newNamesPerRecord(300)
        let results = try await withThrowingTaskGroup(of: [[String: Int]].self) { group in
            for _ in 0..<4 {
                group.addTask { try HandlerStack.parse(small, root: Collected(), routes: shared).records }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = (0..<300).map { ["a\($0)": $0, "e\($0)": $0] }
        #expect(results.count == 4)
        for records in results { #expect(records == expected) }
    }
}
