import Testing
import XMLCoding

/// What the decoder used to drop without a word, and now reports (or reads as an option says).
@Suite("The decoder reports what it would otherwise drop")
struct ReportedLossTests {
    private struct StringResource: Decodable, Equatable {
        var name: String
        var text: String
        enum CodingKeys: String, CodingKey { case name, text = "" }
    }

    private struct Resources: Decodable {
        var string: [StringResource]
    }

    /// Android's strings.xml, with an XLIFF placeholder inside the text.
    private static let strings = Array(
        """
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="plain">Hello</string>
          <string name="holiday">Only <xliff:g id="count">%1$s</xliff:g> until holiday!</string>
        </resources>
        """.utf8)

    private func message(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .keyNotFound(_, let context)?, .valueNotFound(_, let context)?,
            .dataCorrupted(let context)?:
            return context.debugDescription
        default: return "\(error)"
        }
    }

    @Test("The text key on mixed content fails, naming the element and its child, by default")
    func mixedTextFails() throws {
        let error = #expect(throws: DecodingError.self) { try XMLDecoder().decode(Resources.self, from: Self.strings) }
        let text = message(try #require(error))
        #expect(text.contains("<string> at line 3, column 3 stands beside the element <g> at line 3, column 31"), "\(text)")
        #expect(text.contains("XMLChoice") && text.contains(".allText"), "\(text)")
        guard case .typeMismatch(_, let context)? = error else { Issue.record("not a type mismatch: \(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["string", "Index 1", ""])
    }

    @Test("mixedTextDecodingStrategy reads all the text, or the element's own")
    func mixedTextStrategies() throws {
        let decoder = XMLDecoder()
        decoder.mixedTextDecodingStrategy = .allText
        #expect(try decoder.decode(Resources.self, from: Self.strings).string.map(\.text) == ["Hello", "Only %1$s until holiday!"])
        decoder.mixedTextDecodingStrategy = .ownText
        #expect(try decoder.decode(Resources.self, from: Self.strings).string.map(\.text) == ["Hello", "Only  until holiday!"])
    }

    @Test("Children with only white space beside them are no mixed content")
    func layoutIsNotMixed() throws {
        struct Contact: Decodable, Equatable {
            var note: String
            var text: String
            enum CodingKeys: String, CodingKey { case note, text = "" }
        }
        let contact = try XMLDecoder().decode(Contact.self, from: Array("<contact>\n  <note>head</note>\n</contact>".utf8))
        #expect(contact == Contact(note: "head", text: ""))
    }

    private struct AtomFeed: Decodable {
        var title: String?
        enum CodingKeys: String, CodingKey { case title = "{http://www.w3.org/2005/Atom}title" }
    }

    @Test("An optional {uri}name key whose name is there in another namespace fails, naming both")
    func namespaceMismatch() throws {
        // Atom 0.3's namespace where the model expects Atom 1.0's.
        let old = Array(#"<feed xmlns="http://purl.org/atom/ns#"><title>News</title></feed>"#.utf8)
        let error = #expect(throws: DecodingError.self) { try XMLDecoder().decode(AtomFeed.self, from: old) }
        let text = message(try #require(error))
        #expect(
            text.contains("no <title> in the namespace http://www.w3.org/2005/Atom")
                && text.contains("<title> at line 1, column 40 is there in the namespace http://purl.org/atom/ns#"), "\(text)")
        // The right namespace reads; the name in no namespace (a plain key's, as RSS's <link>
        // beside <atom:link>) leaves the optional nil.
        let current = Array(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>News</title></feed>"#.utf8)
        #expect(try XMLDecoder().decode(AtomFeed.self, from: current).title == "News")
        #expect(try XMLDecoder().decode(AtomFeed.self, from: Array("<feed><title>News</title></feed>".utf8)).title == nil)
    }

    private struct Tagged: Decodable {
        var id: String
    }

    private struct TaggedB: Decodable {
        var id: String
        enum CodingKeys: String, CodingKey { case id = "{urn:b}id" }
    }

    @Test("A plain key matching attributes in two namespaces fails; {uri}name picks one", arguments: [0, 40])
    func twoAttributes(extraAttributes: Int) throws {
        // With 40 more attributes the container looks names up through its index.
        let extra = (0..<extraAttributes).map { " x\($0)='\($0)'" }.joined()
        let xml = Array("<e xmlns:a='urn:a' xmlns:b='urn:b'\(extra) a:id='1' b:id='2'/>".utf8)
        let error = #expect(throws: DecodingError.self) { try XMLDecoder().decode(Tagged.self, from: xml) }
        let text = message(try #require(error))
        #expect(text.contains("matches two attributes of the element at line 1, column 1, {urn:a}id and {urn:b}id"), "\(text)")
        #expect(try XMLDecoder().decode(TaggedB.self, from: xml).id == "2")
        // One attribute of that name in any namespace is still read by a plain key.
        #expect(try XMLDecoder().decode(Tagged.self, from: Array("<e xmlns:b='urn:b' b:id='2'/>".utf8)).id == "2")
    }

    private struct Site: Decodable {
        var code: String
    }

    private func records(_ xml: String, at path: String) throws -> [String] {
        let stream = XMLDecoder().decode(Site.self, eachAt: path, from: Array(xml.utf8))
        var codes: [String] = []
        while let site = try stream.next() { codes.append(site.code) }
        return codes
    }

    @Test("An eachAt: path that matches nothing is an error naming where it stopped")
    func unmatchedPath() throws {
        let feed = "<schedule><teams/><sites><site code='1'/><site code='2'/></sites></schedule>"
        #expect(try records(feed, at: "schedule/sites/site") == ["1", "2"])
        let misspelled = #expect(throws: DecodingError.self) { try records(feed, at: "schedule/sites/sitee") }
        #expect(
            message(try #require(misspelled))
                == "the path schedule/sites/sitee matches nothing: schedule/sites has no child <sitee>; its children include <site>")
        let wrongStep = #expect(throws: DecodingError.self) { try records(feed, at: "schedule/site/site") }
        #expect(message(try #require(wrongStep)).hasSuffix("schedule has no child <site>; its children include <teams>, <sites>"))
        let wrongRoot = #expect(throws: DecodingError.self) { try records(feed, at: "feed/sites/site") }
        #expect(message(try #require(wrongRoot)).hasSuffix("the document element is <schedule>, not <feed>"))
    }

    @Test("A path to elements that are there and empty gives no records and no error")
    func emptyFeeds() throws {
        #expect(try records("<schedule><sites/></schedule>", at: "schedule/sites/site") == [])
        #expect(try records("<schedule/>", at: "schedule/sites/site") == [])
        #expect(try records("<schedule><teams/></schedule>", at: "schedule/*/site") == [])
    }
}
