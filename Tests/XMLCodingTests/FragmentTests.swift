import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLTestSupport
import XMLWriting

@Suite("XMLFragment: an element's content as markup, decoded and encoded whole")
struct FragmentTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    struct Project: Codable, Equatable {
        var build: Build
        struct Build: Codable, Equatable { var plugins: Plugins }
        struct Plugins: Codable, Equatable { var plugin: [Plugin] }
        struct Plugin: Codable, Equatable {
            var artifactId: String
            var configuration: XMLFragment?
        }
    }

    @Test("a POM's <configuration>: elements, a comment and white space, kept whole; written back in the POM's namespace")
    func pomConfiguration() throws {
        let project = try XMLDecoder().decode(Project.self, contentsOf: Fixture.path("pom.xml"))
        let configuration = try #require(project.build.plugins.plugin[0].configuration)
        #expect(configuration.markup
            == "\n          " + #"<includes xmlns="http://maven.apache.org/POM/4.0.0">"# + "\n            "
            + "<include>**/*Test.java</include>\n          </includes>\n          <!-- run the slow ones apart -->\n          "
            + #"<excludedGroups xmlns="http://maven.apache.org/POM/4.0.0">slow</excludedGroups>"# + "\n          "
            + #"<argLine xmlns="http://maven.apache.org/POM/4.0.0">-Xmx512m</argLine>"# + "\n        ")
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.writerOptions.indentation = "  "
        let data = try encoder.encode(project, withRootKey: "{http://maven.apache.org/POM/4.0.0}project")
        // Inside the POM's default namespace the declarations the fragment carries are in scope.
        #expect(string(data).contains(
            "<configuration>\n          <includes>\n            <include>**/*Test.java</include>\n          </includes>\n          <!-- run the slow ones apart -->"
                + "\n          <excludedGroups>slow</excludedGroups>\n          <argLine>-Xmx512m</argLine>\n        </configuration>"))
        #expect(try XMLDecoder().decode(Project.self, from: data) == project)
    }

    @Test("Atom's xhtml content, a prefixed name declared on an ancestor, CDATA, comments and PIs inside text")
    func contentForms() throws {
        struct Content: Codable, Equatable, XMLNodePlacing {
            var type: String
            var body: XMLFragment
            enum CodingKeys: String, CodingKey { case type, body = "" }
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "type" ? .attribute : .element }
        }
        struct Entry: Codable, Equatable { var content: Content }
        let xml = #"<entry xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x"><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">"#
            + #"<p>Floor <b>3</b> &amp; <x:note/></p></div></content></entry>"#
        let entry = try XMLDecoder().decode(Entry.self, from: Array(xml.utf8))
        #expect(entry.content.body.markup
            == #"<div xmlns="http://www.w3.org/1999/xhtml"><p>Floor <b>3</b> &amp; <x:note xmlns:x="urn:x"/></p></div>"#)
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(entry, withRootKey: "{http://www.w3.org/2005/Atom}entry")
        #expect(string(data)
            == #"<entry xmlns="http://www.w3.org/2005/Atom"><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">"#
            + #"<p>Floor <b>3</b> &amp; <x:note xmlns:x="urn:x"/></p></div></content></entry>"#)
        #expect(try XMLDecoder().decode(Entry.self, from: data) == entry)

        struct Note: Codable, Equatable { var text: XMLFragment }
        let mixed = try XMLDecoder().decode(
            Note.self, from: Array("<n><text>a<!--c-->b<?pi data?>c<![CDATA[<d> & ]]]]>e<![CDATA[f]]><i/>g</text></n>".utf8))
        #expect(mixed.text.markup == "a<!--c-->b<?pi data?>c<![CDATA[<d> & ]]]]>e<![CDATA[f]]><i/>g")
        #expect(string(try encoder.encode(mixed, withRootKey: "n")) == "<n><text>a<!--c-->b<?pi data?>c<![CDATA[<d> & ]]]]>e<![CDATA[f]]><i/>g</text></n>")
        // RSS's CDATA description kept as the section it is.
        struct Item: Decodable { var description: XMLFragment }
        struct Channel: Decodable { var item: [Item] }
        struct RSS: Decodable { var channel: Channel }
        let rss = try XMLDecoder().decode(RSS.self, contentsOf: Fixture.path("rss.xml"))
        #expect(rss.channel.item[0].description.markup == "<![CDATA[<p>Das Gerüst am <b>Kölner Dom</b> steht &amp; ist abgenommen.</p>]]>")
        #expect(rss.channel.item[1].description.markup == "Der Kran &lt;K2&gt; ist weg.")
    }

    @Test("init(markup:) checks the markup: well-formed content, prefixes declared inside it, no entities but XML's five")
    func checking() throws {
        let fragment = try XMLFragment(markup: #"Only <b class="x">3</b> left &amp; <!-- draft --><p:q xmlns:p="urn:p"/>"#)
        #expect(fragment.markup == #"Only <b class="x">3</b> left &amp; <!-- draft --><p:q xmlns:p="urn:p"/>"#)
        #expect(try XMLFragment(markup: "") == XMLFragment(text: ""))
        #expect(XMLFragment(text: "a < b & c").markup == "a &lt; b &amp; c")
        for bad in ["<b>", "</b>", "a & b", "<p:q/>", "&nbsp;", "]]>", "a</w><w>b", "<?xml version=\"1.0\"?><a/>", "<!DOCTYPE a><a/>"] {
            #expect(throws: XMLParseError.self, "\(bad)") { try XMLFragment(markup: bad) }
        }
        // A fragment is refused as an attribute.
        struct Bad: Encodable, XMLNodePlacing {
            var x: XMLFragment
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
        }
        #expect {
            try XMLEncoder().encode(Bad(x: fragment), withRootKey: "b")
        } throws: { error in "\(error)".contains(#"markup (XMLFragment) cannot be the attribute "x""#) }
        // Other coders see the markup as a string, and check it when decoding.
        struct Holder: Codable, Equatable { var x: XMLFragment }
        let json = try JSONEncoder().encode(Holder(x: fragment))
        #expect(try JSONDecoder().decode(Holder.self, from: json) == Holder(x: fragment))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(#"{"x":"<a>"}"#.utf8)) }
    }

    @Test("a fragment of n children, comments and CDATA sections is read in near-linear time")
    func scaling() throws {
        struct Holder: Decodable { var x: XMLFragment }
        func document(_ n: Int) -> [UInt8] {
            var xml = "<h><x>"
            for i in 0..<n { xml += "t<!--c\(i)--><![CDATA[d]]><e/>" }
            return Array((xml + "</x></h>").utf8)
        }
        #expect(try XMLDecoder().decode(Holder.self, from: document(2)).x.markup == "t<!--c0--><![CDATA[d]]><e/>t<!--c1--><![CDATA[d]]><e/>")
        let scaling = try Scaling.measure(n: 5_000, prepare: document) { _ = try XMLDecoder().decode(Holder.self, from: $0) }
        #expect(scaling.isNearLinear(), "\(scaling)")
    }
}
