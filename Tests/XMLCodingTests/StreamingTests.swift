import Foundation
import Testing
import XMLCoding
import XMLStreaming

@Suite("Decoding record by record")
struct StreamingTests {
    struct Site: Decodable, Equatable {
        var code: Int
        var name: String
    }

    static func feed(sites: Int) -> String {
        var xml = "<schedule>\n<teams><team code='1'/></teams>\n<sites>\n"
        for i in 0..<sites { xml += "<site code='\(i)'><name>Site \(i)</name></site>\n" }
        return xml + "</sites>\n</schedule>\n"
    }

    @Test("each element at the path, in order, from bytes in chunks and from a file")
    func records() throws {
        let xml = Self.feed(sites: 5_000)
        let decoder = XMLDecoder()
        decoder.parserOptions.chunkSize = 4096  // many chunks, records across chunk ends
        let stream = decoder.decode(Site.self, eachAt: "schedule/sites/site", from: Array(xml.utf8))
        var sites: [Site] = []
        while let site = try stream.next() { sites.append(site) }
        #expect(sites == (0..<5_000).map { Site(code: $0, name: "Site \($0)") })
        #expect(try stream.next() == nil)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xmlcoding-\(UUID()).xml").path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var count = 0
        try decoder.decode(Site.self, eachAt: "schedule/*/site", contentsOf: path) { site in
            #expect(site.code == count)
            count += 1
        }
        #expect(count == 5_000)
    }

    @Test("an AsyncSequence for for-try-await")
    func async() async throws {
        let stream = XMLDecoder().decode(Site.self, eachAt: "schedule/sites/site", from: Array(Self.feed(sites: 3).utf8))
        var codes: [Int] = []
        for try await site in stream { codes.append(site.code) }
        #expect(codes == [0, 1, 2])
    }

    @Test("a bad record names its place and its line, and ends the stream")
    func badRecord() throws {
        var xml = Self.feed(sites: 4)
        xml = xml.replacingOccurrences(of: "<site code='2'>", with: "<site code='two'>")
        let stream = XMLDecoder().decode(Site.self, eachAt: "schedule/sites/site", from: Array(xml.utf8), fileName: "feed.xml")
        #expect(try stream.next()?.code == 0)
        #expect(try stream.next()?.code == 1)
        do {
            _ = try stream.next()
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 2", "code"])
            #expect(context.debugDescription == #"expected an integer that fits Int, found "two" at feed.xml:6:1"#)
        }
        #expect(try stream.next() == nil)
    }

    @Test("malformed XML after some records: the records before it, then the parse error")
    func malformed() throws {
        let xml = Self.feed(sites: 3).replacingOccurrences(of: "</sites>", with: "</oops>")
        let stream = XMLDecoder().decode(Site.self, eachAt: "schedule/sites/site", from: Array(xml.utf8))
        var codes: [Int] = []
        do {
            while let site = try stream.next() { codes.append(site.code) }
            Issue.record("no error")
        } catch let error as XMLParseError {
            #expect(error.position.line == 7)
        }
        #expect(codes == [0, 1, 2])
    }

    @Test("a missing file is an input error naming it")
    func missingFile() {
        #expect(throws: XMLInputError.self) {
            _ = try XMLDecoder().decode(Site.self, eachAt: "a/b", contentsOf: "/nonexistent/feed.xml")
        }
    }
}
