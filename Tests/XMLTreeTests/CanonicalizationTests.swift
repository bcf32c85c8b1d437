import Testing
import XMLStreaming
import XMLTree

/// The recommendations' own examples (Canonical XML 1.0 section 3, Exclusive XML
/// Canonicalization section 2.2), with the outputs they give; the same bytes xmllint --c14n,
/// --c14n11 and --exc-c14n and libxml2's subset canonicalization write.
@Suite("W3C canonical forms")
struct CanonicalizationTests {
    func canonical(_ xml: String, _ method: XMLCanonicalization.Method = .canonical10, comments: Bool = false) throws -> String {
        let document = try XMLTreeDocument(string: xml)
        return String(decoding: try document.canonicalized(XMLCanonicalization(method, includesComments: comments)), as: UTF8.self)
    }

    static let example31 = """
        <?xml version="1.0"?>

        <?xml-stylesheet   href="doc.xsl"
           type="text/xsl"   ?>

        <!DOCTYPE doc SYSTEM "doc.dtd">

        <doc>Hello, world!<!-- Comment 1 --></doc>

        <?pi-without-data     ?>

        <!-- Comment 2 -->

        <!-- Comment 3 -->

        """

    @Test("3.1 PIs, comments, and outside of the document element")
    func example31() throws {
        #expect(
            try canonical(Self.example31) == """
                <?xml-stylesheet href="doc.xsl"
                   type="text/xsl"   ?>
                <doc>Hello, world!</doc>
                <?pi-without-data?>
                """)
        #expect(
            try canonical(Self.example31, comments: true) == """
                <?xml-stylesheet href="doc.xsl"
                   type="text/xsl"   ?>
                <doc>Hello, world!<!-- Comment 1 --></doc>
                <?pi-without-data?>
                <!-- Comment 2 -->
                <!-- Comment 3 -->
                """)
    }

    @Test("3.2 White space in document content is kept")
    func example32() throws {
        let document = """
            <doc>
               <clean>   </clean>
               <dirty>   A   B   </dirty>
               <mixed>
                  A
                  <clean>   </clean>
                  B
                  <dirty>   A   B   </dirty>
                  C
               </mixed>
            </doc>
            """
        #expect(try canonical(document) == document)
    }

    static let example33 = """
        <!DOCTYPE doc [<!ATTLIST e9 attr CDATA "default">]>
        <doc>
           <e1   />
           <e2   ></e2>
           <e3   name = "elem3"   id="elem3"   />
           <e4   name="elem4"   id="elem4"   ></e4>
           <e5 a:attr="out" b:attr="sorted" attr2="all" attr="I'm"
              xmlns:b="http://www.ietf.org"
              xmlns:a="http://www.w3.org"
              xmlns="http://example.org"/>
           <e6 xmlns="" xmlns:a="http://www.w3.org">
              <e7 xmlns="http://www.ietf.org">
                 <e8 xmlns="" xmlns:a="http://www.w3.org">
                    <e9 xmlns="" xmlns:a="http://www.ietf.org"/>
                 </e8>
              </e7>
           </e6>
        </doc>
        """

    @Test("3.3 Start and end tags: empty elements, attribute order, superfluous namespace declarations, defaults")
    func example33() throws {
        let expected = """
            <doc>
               <e1></e1>
               <e2></e2>
               <e3 id="elem3" name="elem3"></e3>
               <e4 id="elem4" name="elem4"></e4>
               <e5 xmlns="http://example.org" xmlns:a="http://www.w3.org" xmlns:b="http://www.ietf.org" attr="I'm" attr2="all" b:attr="sorted" a:attr="out"></e5>
               <e6 xmlns:a="http://www.w3.org">
                  <e7 xmlns="http://www.ietf.org">
                     <e8 xmlns="">
                        <e9 xmlns:a="http://www.ietf.org" attr="default"></e9>
                     </e8>
                  </e7>
               </e6>
            </doc>
            """
        #expect(try canonical(Self.example33) == expected)
        #expect(try canonical(Self.example33, .canonical11) == expected)
    }

    @Test("3.4 Character modifications and character references")
    func example34() throws {
        let document = """
            <!DOCTYPE doc [
            <!ATTLIST normId id ID #IMPLIED>
            <!ATTLIST normNames attr NMTOKENS #IMPLIED>
            ]>
            <doc>
               <text>First line&#x0d;&#10;Second line</text>
               <value>&#x32;</value>
               <compute><![CDATA[value>"0" && value<"10" ?"valid":"error"]]></compute>
               <compute expr='value>"0" &amp;&amp; value&lt;"10" ?"valid":"error"'>valid</compute>
               <norm attr=' &apos;   &#x20;&#13;&#xa;&#9;   &apos; '/>
               <normNames attr='   A   &#x20;&#13;&#xa;&#9;   B   '/>
               <normId id=' &apos;   &#x20;&#13;&#xa;&#9;   &apos; '/>
            </doc>
            """
        #expect(
            try canonical(document) == """
                <doc>
                   <text>First line&#xD;
                Second line</text>
                   <value>2</value>
                   <compute>value&gt;"0" &amp;&amp; value&lt;"10" ?"valid":"error"</compute>
                   <compute expr="value>&quot;0&quot; &amp;&amp; value&lt;&quot;10&quot; ?&quot;valid&quot;:&quot;error&quot;">valid</compute>
                   <norm attr=" '    &#xD;&#xA;&#x9;   ' "></norm>
                   <normNames attr="A &#xD;&#xA;&#x9; B"></normNames>
                   <normId id="' &#xD;&#xA;&#x9; '"></normId>
                </doc>
                """)
    }

    @Test("3.6 UTF-8 output whatever the input's encoding")
    func example36() throws {
        let document = try XMLTreeDocument(bytes: Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<doc>&#169;</doc>\n".utf8))
        #expect(try document.canonicalized() == [0x3C, 0x64, 0x6F, 0x63, 0x3E, 0xC2, 0xA9, 0x3C, 0x2F, 0x64, 0x6F, 0x63, 0x3E])
    }

    static let subsetExpression = """
        (//. | //@* | //namespace::*)
        [
           self::ietf:e1 or (parent::ietf:e1 and not(self::text() or self::e2))
           or
           count(id("E3")|ancestor-or-self::node()) = count(ancestor-or-self::node())
        ]
        """

    @Test("3.7 Document subsets: namespace nodes, xmlns=\"\", inherited xml: attributes, id() from the DTD")
    func example37() throws {
        let document = try XMLTreeDocument(
            string: """
                <!DOCTYPE doc [
                <!ATTLIST e2 xml:space (default|preserve) 'preserve'>
                <!ATTLIST e3 id ID #IMPLIED>
                ]>
                <doc xmlns="http://www.ietf.org" xmlns:w3c="http://www.w3.org">
                   <e1>
                      <e2 xmlns="">
                         <e3 id="E3"/>
                      </e2>
                   </e1>
                </doc>
                """)
        let bytes = try document.canonicalized(xpath: Self.subsetExpression, namespaces: ["ietf": "http://www.ietf.org"])
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"<e1 xmlns="http://www.ietf.org" xmlns:w3c="http://www.w3.org"><e3 xmlns="" id="E3" xml:space="preserve"></e3></e1>"#)
    }

    @Test("Canonical XML 1.1: xml:id is not inherited, xml:base is joined across the elements left out")
    func canonical11() throws {
        let document = try XMLTreeDocument(
            string: """
                <!DOCTYPE doc [
                <!ATTLIST e2 xml:space (default|preserve) 'preserve'>
                <!ATTLIST e3 id ID #IMPLIED>
                ]>
                <doc xmlns="http://www.ietf.org" xmlns:w3c="http://www.w3.org" xml:base="something/else">
                   <e1>
                      <e2 xmlns="" xml:id="abc" xml:base="bar/">
                         <e3 id="E3" xml:base="foo"/>
                      </e2>
                   </e1>
                </doc>
                """)
        let namespaces = ["ietf": "http://www.ietf.org"]
        let version10 = try document.canonicalized(xpath: Self.subsetExpression, namespaces: namespaces)
        #expect(
            String(decoding: version10, as: UTF8.self)
                == #"<e1 xmlns="http://www.ietf.org" xmlns:w3c="http://www.w3.org" xml:base="something/else"><e3 xmlns="" id="E3" xml:base="foo" xml:id="abc" xml:space="preserve"></e3></e1>"#)
        let version11 = try document.canonicalized(
            XMLCanonicalization(.canonical11), xpath: Self.subsetExpression, namespaces: namespaces)
        #expect(
            String(decoding: version11, as: UTF8.self)
                == #"<e1 xmlns="http://www.ietf.org" xmlns:w3c="http://www.w3.org" xml:base="something/else"><e3 xmlns="" id="E3" xml:base="bar/foo" xml:space="preserve"></e3></e1>"#)
    }

    @Test("Exclusive 2.2: a subtree declares only the namespaces it uses, and the inclusive prefixes")
    func exclusive() throws {
        let document = try XMLTreeDocument(
            string: """
                <n0:local xmlns:n0="foo:bar" xmlns:n3="ftp://example.org">
                  <n1:elem2 xmlns:n1="http://example.net" xml:lang="en">
                     <n3:stuff xmlns:n3="ftp://example.org"/>
                  </n1:elem2>
                </n0:local>
                """)
        let subtree = "(//. | //@* | //namespace::*)[ancestor-or-self::n1:elem2]"
        let namespaces = ["n1": "http://example.net"]
        let inclusive = try document.canonicalized(xpath: subtree, namespaces: namespaces)
        #expect(
            String(decoding: inclusive, as: UTF8.self) == """
                <n1:elem2 xmlns:n0="foo:bar" xmlns:n1="http://example.net" xmlns:n3="ftp://example.org" xml:lang="en">
                     <n3:stuff></n3:stuff>
                  </n1:elem2>
                """)
        let exclusive = try document.canonicalized(XMLCanonicalization(.exclusive()), xpath: subtree, namespaces: namespaces)
        #expect(
            String(decoding: exclusive, as: UTF8.self) == """
                <n1:elem2 xmlns:n1="http://example.net" xml:lang="en">
                     <n3:stuff xmlns:n3="ftp://example.org"></n3:stuff>
                  </n1:elem2>
                """)
        let listed = try document.canonicalized(
            XMLCanonicalization(.exclusive(inclusivePrefixes: ["n0"])), xpath: subtree, namespaces: namespaces)
        #expect(String(decoding: listed, as: UTF8.self).hasPrefix(#"<n1:elem2 xmlns:n0="foo:bar" xmlns:n1="http://example.net" xml:lang="en">"#))
    }

    @Test("A tree read without namespaces is refused")
    func needsNamespaces() throws {
        let document = try XMLTreeDocument(
            string: "<a/>", options: XMLTreeDocument.Options(parserOptions: XMLParserOptions(processesNamespaces: false)))
        #expect(throws: XMLTreeError.self) { try document.canonicalized() }
    }
}
