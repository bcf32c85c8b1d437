import Foundation
import PropertyLists
import SystemPackage
import Testing
import XMLCoding
import XMLStreaming
import XMLTestSupport
import XMLTree
import XMLWriting

/// docs/PublicAPI.md: every API that reads or writes a file takes a `String`, a `URL` and a
/// `FilePath` alike, and a descriptor as a `FileDescriptor`; each form reads the same file.
@Suite("Paths as String, URL and FilePath; descriptors as FileDescriptor")
struct FileLocationTests {
    private static let feed = "<schedule><sites><site code='1'/><site code='2'/></sites></schedule>"

    private struct Site: Decodable, Equatable { var code: String }
    private struct Sites: Decodable, Equatable { var site: [Site] }
    private struct Schedule: Decodable, Equatable { var sites: Sites }

    /// Runs `body` with a descriptor open on `path`, then closes it.
    private func withDescriptor<T>(_ path: String, _ body: (FileDescriptor) throws -> T) throws -> T {
        let descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
        defer { try? descriptor.close() }
        return try body(descriptor)
    }

    @Test("The stream parser, the pull reader and the tree read the same file through each form")
    func readers() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.feed, named: "feed.xml")
        let url = URL(fileURLWithPath: path)
        let expected = try XMLStreamParser.parse(contentsOf: path, with: XMLEventCollector()).events
        #expect(try XMLStreamParser.parse(contentsOf: url, with: XMLEventCollector()).events == expected)
        #expect(try XMLStreamParser.parse(contentsOf: FilePath(path), with: XMLEventCollector()).events == expected)
        let parser = XMLStreamParser(handler: XMLEventCollector())
        try withDescriptor(path) { try parser.parse(fileDescriptor: $0, name: "feed.xml") }
        #expect(parser.handler.events == expected)

        func pulled(_ reader: XMLEventReader) throws -> [XMLEvent] {
            var events: [XMLEvent] = []
            while let event = try reader.next() { events.append(event) }
            return events
        }
        #expect(try pulled(XMLEventReader(contentsOf: url)) == expected)
        #expect(try pulled(XMLEventReader(contentsOf: FilePath(path))) == expected)
        #expect(try withDescriptor(path) { try pulled(XMLEventReader(fileDescriptor: $0)) } == expected)

        let tree = try XMLTreeDocument(contentsOf: path).canonicalized()
        #expect(try XMLTreeDocument(contentsOf: url).canonicalized() == tree)
        #expect(try XMLTreeDocument(contentsOf: FilePath(path)).canonicalized() == tree)
        #expect(try withDescriptor(path) { try XMLTreeDocument(fileDescriptor: $0).canonicalized() } == tree)
        var codes: [String] = []
        try XMLSubtreeStream.forEach("schedule/sites/site", contentsOf: url) { codes.append($0["code"] ?? "") }
        try XMLSubtreeStream.forEach("schedule/sites/site", contentsOf: FilePath(path)) { codes.append($0["code"] ?? "") }
        #expect(codes == ["1", "2", "1", "2"])
    }

    @Test("The decoder reads the same file through each form, whole and record by record")
    func decoder() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.feed, named: "feed.xml")
        let decoder = XMLDecoder()
        let expected = Schedule(sites: Sites(site: [Site(code: "1"), Site(code: "2")]))
        #expect(try decoder.decode(Schedule.self, contentsOf: path) == expected)
        #expect(try decoder.decode(Schedule.self, contentsOf: URL(fileURLWithPath: path)) == expected)
        #expect(try decoder.decode(Schedule.self, contentsOf: FilePath(path)) == expected)
        #expect(try withDescriptor(path) { try decoder.decode(Schedule.self, fileDescriptor: $0) } == expected)
        var sites: [Site] = []
        try decoder.decode(Site.self, eachAt: "schedule/sites/site", contentsOf: URL(fileURLWithPath: path)) { sites.append($0) }
        try decoder.decode(Site.self, eachAt: "schedule/sites/site", contentsOf: FilePath(path)) { sites.append($0) }
        #expect(sites == expected.sites.site + expected.sites.site)
    }

    @Test("The writer and AtomicFile write a FilePath, a file URL and a FileDescriptor")
    func writers() throws {
        let directory = try TemporaryDirectory()
        for (index, output) in try [
            XMLWriterOutput.file(FilePath(directory.path + "/a.xml")),
            XMLWriterOutput.file(URL(fileURLWithPath: directory.path + "/b.xml")),
        ].enumerated() {
            let writer = try XMLStreamWriter(to: output)
            try writer.element("r", text: "\(index)")
            try writer.finish()
        }
        #expect(try String(contentsOfFile: directory.path + "/a.xml", encoding: .utf8) == "<r>0</r>")
        #expect(try String(contentsOfFile: directory.path + "/b.xml", encoding: .utf8) == "<r>1</r>")
        #expect(throws: XMLWriterError.self) { _ = try XMLWriterOutput.file(URL(string: "https://example.com/x.xml")!) }
        let descriptor = try FileDescriptor.open(
            FilePath(directory.path + "/c.xml"), .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
        let writer = try XMLStreamWriter(to: .fileDescriptor(descriptor))
        try writer.element("c", text: "2")
        try writer.finish()
        try descriptor.close()
        #expect(try String(contentsOfFile: directory.path + "/c.xml", encoding: .utf8) == "<c>2</c>")
        try AtomicFile.write(Array("x".utf8), to: FilePath(directory.path + "/d.txt"))
        #expect(try String(contentsOfFile: directory.path + "/d.txt", encoding: .utf8) == "x")
    }

    @Test("Property lists read and write each form; a missing file is an XMLInputError naming it")
    func propertyLists() throws {
        let directory = try TemporaryDirectory()
        let value: PropertyList = ["name": "Köln"]
        try value.write(to: FilePath(directory.path + "/a.plist"), format: .binary)
        try value.write(to: URL(fileURLWithPath: directory.path + "/b.plist"), format: .xml)
        #expect(try PropertyList(contentsOf: FilePath(directory.path + "/a.plist")) == value)
        #expect(try PropertyList(contentsOf: URL(fileURLWithPath: directory.path + "/b.plist")) == value)
        #expect(try PropertyList(contentsOf: directory.path + "/b.plist") == value)
        let missing = try #require(throws: XMLInputError.self) { try PropertyList(contentsOf: directory.path + "/none.plist") }
        #expect(missing.code == .cannotOpen && missing.errno == ENOENT && missing.fileName == directory.path + "/none.plist")
        let remote = try #require(throws: XMLInputError.self) { try PropertyList(contentsOf: URL(string: "https://example.com/a.plist")!) }
        #expect(remote.code == .notAFileURL)
    }
}
