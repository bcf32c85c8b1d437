import Testing
import XMLStreaming
import XMLTestSupport
import XMLTree
import XMLWriting

/// The DOCTYPE's internal subset in a tree: its declarations kept in order, the attributes
/// it supplies told apart, and a written tree that says what the document said.
@Suite("The internal subset in a tree")
struct InternalSubsetTreeTests {
    static let document = """
        <?xml version="1.0"?>
        <!DOCTYPE doc [
          <!ELEMENT doc (p+)>
          <!-- paragraphs -->
          <!ATTLIST p class CDATA "normal"
                      id ID #IMPLIED>
          <!ELEMENT p (#PCDATA|em)*>
          <!ENTITY co "ACME &amp; Co &#38;#38; 100&#37;">
          <!ENTITY chap SYSTEM "chap.xml">
          <!NOTATION gif PUBLIC "-//GIF//EN" "viewer">
          <?app setting?>
        ]>
        <doc><p>&co;</p><p class="x" id="a">&chap;</p></doc>
        """

    @Test("The subset's declarations, comments and PIs, in document order")
    func declarations() throws {
        let tree = try XMLTreeDocument(string: Self.document)
        #expect(
            tree.internalSubset == [
                .element(name: "doc", content: "(p+)"),
                .comment(" paragraphs "),
                .attribute(element: "p", name: "class", type: "CDATA", default: .value("normal")),
                .attribute(element: "p", name: "id", type: "ID", default: .implied),
                .element(name: "p", content: "(#PCDATA|em)*"),
                .entity(name: "co", value: "ACME &amp; Co &#38; 100%"),
                .externalEntity(name: "chap", systemID: "chap.xml"),
                .notation(name: "gif", publicID: "-//GIF//EN", systemID: "viewer"),
                .processingInstruction(target: "app", data: "setting"),
            ])
        #expect(try XMLTreeDocument(string: "<r/>").internalSubset.isEmpty)
    }

    @Test("A default the DTD supplies is an attribute that is not specified")
    func specified() throws {
        let paragraphs = Array(try XMLTreeDocument(string: Self.document).root!.childElements.map(\.attributes))
        #expect(paragraphs[0] == [XMLTreeAttribute(name: XMLTreeName(localName: "class"), value: "normal", isSpecified: false)])
        #expect(paragraphs[1].map(\.isSpecified) == [true, true])
        #expect(paragraphs[1].map(\.value) == ["x", "a"])
    }

    @Test("Written back: the subset where it was, no default written out, and it reads back the same")
    func writesWhatTheDocumentSays() throws {
        let tree = try XMLTreeDocument(string: Self.document)
        let written = try tree.xmlString(indentation: "  ")
        #expect(
            written == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE doc [
                <!ELEMENT doc (p+)>
                <!-- paragraphs -->
                <!ATTLIST p class CDATA "normal">
                <!ATTLIST p id ID #IMPLIED>
                <!ELEMENT p (#PCDATA|em)*>
                <!ENTITY co "ACME &amp; Co &#38;#38; 100&#37;">
                <!ENTITY chap SYSTEM "chap.xml">
                <!NOTATION gif PUBLIC "-//GIF//EN" "viewer">
                <?app setting?>
                ]>
                <doc>
                  <p>ACME &amp; Co &amp; 100%</p>
                  <p class="x" id="a">&chap;</p>
                </doc>

                """)
        let again = try XMLTreeDocument(string: written)
        #expect(again.internalSubset == tree.internalSubset)
        #expect(again.root!.childElements.map(\.attributes) == tree.root!.childElements.map(\.attributes))
        #expect(try again.xmlString(indentation: "  ") == written)
    }

    @Test("Namespace declarations and prefixed attributes from defaults: written so that they read back in the same namespaces")
    func namespaceDefaults() throws {
        let cases = [
            (#"<!DOCTYPE d [<!ATTLIST e p:x CDATA "v">]><d xmlns:p="urn:p"><e/></d>"#, ["{}e {urn:p}x=v"]),
            (#"<!DOCTYPE d [<!ATTLIST e xmlns CDATA "urn:x">]><d xmlns="urn:y"><e xmlns="urn:y"/><e/></d>"#, ["{urn:y}e", "{urn:x}e"]),
            (
                #"<!DOCTYPE d [<!ATTLIST e xmlns:p CDATA "urn:x" p:a CDATA "1">]><d xmlns:p="urn:y"><e xmlns:p="urn:y"/><e/></d>"#,
                ["{}e {urn:y}a=1", "{}e {urn:x}a=1"]
            ),
        ]
        for (xml, expected) in cases {
            let tree = try XMLTreeDocument(string: xml)
            let written = try tree.xmlString()
            let again = try XMLTreeDocument(string: written)
            func names(_ document: XMLTreeDocument) -> [String] {
                document.root!.descendants.filter(\.isElement).map { element in
                    "{\(element.name!.namespaceURI ?? "")}\(element.name!.localName)"
                        + element.attributes.map { " {\($0.name.namespaceURI ?? "")}\($0.name.localName)=\($0.value)" }.joined()
                }
            }
            #expect(names(tree) == expected)
            #expect(names(again) == expected, "\(written)")
        }
        // Without namespaces, a default `xmlns` is an ordinary attribute, written as one.
        var options = XMLTreeDocument.Options()
        options.parserOptions.processesNamespaces = false
        let flat = try XMLTreeDocument(string: #"<!DOCTYPE d [<!ATTLIST d xmlns CDATA "urn:x" a CDATA "1">]><d/>"#, options: options)
        #expect(try flat.xmlString(declaration: false).hasSuffix(#"]><d xmlns="urn:x"/>"#))
        // The owned form keeps whether the start tag gave it.
        #expect(flat.root!.attributes.map { XMLOwnedAttribute($0).isSpecified } == [false, false])
    }

    @Test("A node written on its own keeps the defaults: out of its document, they would be lost")
    func nodeKeepsDefaults() throws {
        let tree = try XMLTreeDocument(string: Self.document)
        #expect(tree.root!.firstChildElement!.xmlString == "<p class=\"normal\">ACME &amp; Co &amp; 100%</p>")
    }

    @Test("Defaults in a namespaced document, and a subset read without namespaces")
    func namespaces() throws {
        let xml = """
            <!DOCTYPE s:doc [<!ATTLIST s:doc xmlns:s CDATA #FIXED "urn:s" s:v CDATA "1">]><s:doc s:w="2"/>
            """
        let tree = try XMLTreeDocument(string: xml)
        let attributes = tree.root!.attributes
        #expect(attributes.map(\.name.qualifiedName) == ["s:w", "s:v"])
        #expect(attributes.map(\.isSpecified) == [true, false])
        // The defaulted declaration becomes an explicit one: the writer declares what it uses.
        #expect(
            try tree.xmlString(declaration: false)
                == "<!DOCTYPE s:doc [\n<!ATTLIST s:doc xmlns:s CDATA #FIXED \"urn:s\">\n<!ATTLIST s:doc s:v CDATA \"1\">\n]><s:doc xmlns:s=\"urn:s\" s:w=\"2\"/>")
        var options = XMLTreeDocument.Options()
        options.parserOptions.processesNamespaces = false
        let flat = try XMLTreeDocument(string: xml, options: options)
        #expect(flat.root!.attributes.map(\.isSpecified) == [true, false, false])
        // The default declaration is written as the attribute it is there (the writer would
        // otherwise declare none, or the one in scope).
        #expect(
            try flat.xmlString(declaration: false)
                == "<!DOCTYPE s:doc [\n<!ATTLIST s:doc xmlns:s CDATA #FIXED \"urn:s\">\n<!ATTLIST s:doc s:v CDATA \"1\">\n]><s:doc s:w=\"2\" xmlns:s=\"urn:s\"/>")
    }
}
