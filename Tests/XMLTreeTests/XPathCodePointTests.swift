import Testing
import XMLTree

/// XPath 1.0 compares strings and names by their code points and counts characters as code
/// points; Swift's `String` compares by canonical equivalence and counts grapheme clusters.
/// Each pair below is canonically equivalent but two different strings to XPath (and to
/// lxml and libxml2).
@Suite("XPath: strings are code points")
struct XPathCodePointTests {
    /// Canonically equivalent pairs: precomposed against decomposed, singletons, Hangul.
    static let pairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"),  // é
        ("K", "\u{212A}"),  // KELVIN SIGN
        ("\u{3A9}", "\u{2126}"),  // OHM SIGN
        ("\u{AC00}", "\u{1100}\u{1161}"),  // 가 as a syllable and as jamo
    ]

    func evaluate(_ expression: String, _ xml: String = "<r/>", variables: [String: XPathValue] = [:]) throws -> XPathValue {
        try XMLTreeDocument(string: xml).documentNode.xpath(expression, variables: variables)
    }

    @Test("= and != on strings, numbers of matches and node-sets", arguments: pairs)
    func equality(_ pair: (String, String)) throws {
        let (a, b) = pair
        #expect(try evaluate("'\(a)' = '\(b)'") == .boolean(false))
        #expect(try evaluate("'\(a)' != '\(b)'") == .boolean(true))
        #expect(try evaluate("'\(a)' = '\(a)'") == .boolean(true))
        let xml = "<r><x a=\"\(a)\">\(a)</x><x a=\"\(b)\">\(b)</x><y>\(b)</y></r>"
        // Scanned in place (no position asked) and gathered (a position predicate).
        #expect(try evaluate("count(//x[@a='\(a)'])", xml) == .number(1))
        #expect(try evaluate("count(//x[@a='\(b)'][position() > 0])", xml) == .number(1))
        #expect(try evaluate("count(//x[. = '\(a)'])", xml) == .number(1))
        // Node-set against node-set: hashed for =, one string for !=.
        #expect(try evaluate("/r/x[1] = /r/y", xml) == .boolean(false))
        #expect(try evaluate("/r/x[2] = /r/y", xml) == .boolean(true))
        #expect(try evaluate("/r/x[1] != /r/y", xml) == .boolean(true))
        #expect(try evaluate("/r/x[2] != /r/y", xml) == .boolean(false))
        #expect(try evaluate("count(/r/x[. = /r/y])", xml) == .number(1))
    }

    @Test("starts-with, contains, substring-before/after and translate see code points", arguments: pairs)
    func functions(_ pair: (String, String)) throws {
        let (a, b) = pair
        #expect(try evaluate("starts-with('\(a)x', '\(b)')") == .boolean(false))
        #expect(try evaluate("contains('x\(a)x', '\(b)')") == .boolean(false))
        #expect(try evaluate("substring-before('x\(a)y', '\(b)')") == .string(""))
        #expect(try evaluate("substring-after('x\(a)y', '\(b)')") == .string(""))
        #expect(try evaluate("translate('\(a)', '\(b)', 'z')") == .string(a))
    }

    @Test("A prefix that ends inside a combining sequence is still a prefix")
    func partialSequences() throws {
        #expect(try evaluate("starts-with('e\u{301}', 'e')") == .boolean(true))
        #expect(try evaluate("contains('xe\u{301}', 'e')") == .boolean(true))
        #expect(try evaluate("substring-before('ae\u{301}', '\u{301}')") == .string("ae"))
        #expect(try evaluate("substring-after('e\u{301}x', 'e')") == .string("\u{301}x"))
        #expect(try evaluate("translate('e\u{301}', '\u{301}', '')") == .string("e"))
        #expect(try evaluate("starts-with('\u{1100}\u{1161}', '\u{1100}')") == .boolean(true))
    }

    @Test("string-length, substring and translate count code points")
    func counting() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(try evaluate("string-length('\(family)')") == .number(5))
        #expect(try evaluate("substring('\(family)', 2, 1)") == .string("\u{200D}"))
        #expect(try evaluate("string-length('\u{1F1E9}\u{1F1EA}')") == .number(2))  // a flag
        #expect(try evaluate("substring('\u{1F1E9}\u{1F1EA}', 2)") == .string("\u{1F1EA}"))
        #expect(try evaluate("string-length('e\u{301}\u{E9}')") == .number(3))
        #expect(try evaluate("substring('e\u{301}x', 2, 1)") == .string("\u{301}"))
        #expect(try evaluate("translate('\(family)', '\u{200D}', '+')") == .string("\u{1F468}+\u{1F469}+\u{1F467}"))
        #expect(try evaluate("string-length(/r)", "<r>\(family)</r>") == .number(5))
    }

    @Test("The lexer reads code points: a quote beside a combining or prepended mark")
    func lexer() throws {
        #expect(try evaluate("string-length('\u{301}')") == .number(1))
        #expect(try evaluate("string-length('\u{600}')") == .number(1))
        #expect(try evaluate("string-length(\"\u{301}\")") == .number(1))
        #expect(try evaluate("concat('a', '\u{301}b')") == .string("a\u{301}b"))
        // A name may hold a combining mark after its first character.
        #expect(try evaluate("count(/e\u{301})", "<e\u{301}/>") == .number(1))
        // White space is XML's four characters: a no-break space is no separator.
        #expect(try evaluate("1 +\t\r\n1") == .number(2))
        let error = #expect(throws: XPathError.self) { try XPathExpression("1 +\u{A0}1") }
        #expect(error?.column == 4)
        // Columns count code points: the error is on the fourth character, after é.
        let afterMark = #expect(throws: XPathError.self) { try XPathExpression("'e\u{301}' ! 1") }
        #expect(afterMark?.column == 6)
    }

    @Test("normalize-space splits on XML white space, by code points")
    func normalizeSpace() throws {
        #expect(try evaluate("normalize-space(' \u{301}a  b ')") == .string("\u{301}a b"))
        #expect(try evaluate("normalize-space('\u{A0}a')") == .string("\u{A0}a"))
        #expect(try evaluate("number(' \u{301}5')").number.isNaN)
        #expect(try evaluate("number('-\u{301}5')").number.isNaN)
        #expect(try evaluate("number(' -5 ')") == .number(-5))
    }

    @Test("Element, attribute and PI names match by code points")
    func names() throws {
        let xml = "<r><\u{E9} e\u{301}=\"1\"/><e\u{301} \u{E9}=\"2\"/><?\u{E9} a?><?e\u{301} b?></r>"
        #expect(try evaluate("count(//\u{E9})", xml) == .number(1))
        #expect(try evaluate("count(/r/e\u{301}[position() > 0])", xml) == .number(1))
        #expect(try evaluate("string(//@\u{E9})", xml) == .string("2"))
        #expect(try evaluate("string(//@e\u{301}[position() > 0])", xml) == .string("1"))
        #expect(try evaluate("string(//processing-instruction('\u{E9}'))", xml) == .string("a"))
        #expect(try evaluate("string(/r/processing-instruction('e\u{301}'))", xml) == .string("b"))
        #expect(try evaluate("count(//processing-instruction())", xml) == .number(2))
        #expect(try evaluate("name(//processing-instruction()[2])", xml) == .string("e\u{301}"))
        let document = try XMLTreeDocument(string: xml)
        let first = try #require(document.root?.firstChild)
        #expect(first["\u{E9}"] == nil)
        #expect(first["e\u{301}"] == "1")
        #expect(first.attribute(localName: "\u{E9}", namespace: nil) == nil)
        #expect(first.hasName("\u{E9}") && !first.hasName("e\u{301}"))
        #expect(document.root?.find("e\u{301}")?["\u{E9}"] == "2")
    }

    @Test("Prefixes, namespace nodes and variables are their code points")
    func prefixesAndVariables() throws {
        let xml = "<r xmlns:\u{E9}=\"urn:a\" xmlns:e\u{301}=\"urn:b\"><\u{E9}:x/><e\u{301}:x/></r>"
        let document = try XMLTreeDocument(string: xml)
        let root = try #require(document.root)
        #expect(try root.xpath("count(namespace::*)") == .number(3))
        #expect(try root.xpath("string(namespace::e\u{301})") == .string("urn:b"))
        #expect(try root.xpath("count(//a:x)", namespaces: ["a": "urn:b"]) == .number(1))
        #expect(try root.xpath("count(//*[namespace-uri() = 'urn:a'])") == .number(1))
        let unbound = #expect(throws: XPathError.self) { try XPathExpression("//e\u{301}:x", namespaces: ["\u{E9}": "urn:a"]) }
        #expect(unbound?.unboundPrefix == "e\u{301}")
        #expect(try root.xpath("$\u{E9}", variables: ["\u{E9}": .string("v")]) == .string("v"))
        #expect(throws: XPathError.self) { try root.xpath("$e\u{301}", variables: ["\u{E9}": .string("v")]) }
    }

    @Test("id() and lang() compare by code points (lang ignores ASCII case only)")
    func idAndLang() throws {
        let xml = """
            <!DOCTYPE r [<!ATTLIST \u{E9} key ID #IMPLIED>]><r xml:lang="\u{212A}"><\u{E9} key="x"/><e\u{301} key="y"/>\
            <s xml:id="\u{E9}"/><s xml:id="k1"/></r>
            """
        #expect(try evaluate("count(id('x'))", xml) == .number(1))
        #expect(try evaluate("count(id('y'))", xml) == .number(0))
        #expect(try evaluate("count(id('e\u{301}'))", xml) == .number(0))
        #expect(try evaluate("count(id('\u{E9}  K1 k1'))", xml) == .number(2))
        // KELVIN SIGN is not folded to k: no element's language is k, though every one's is K.
        #expect(try evaluate("count(//*[lang('k')])", xml) == .number(0))
        #expect(try evaluate("count(//*[lang('\u{212A}')])", xml) == .number(5))
        #expect(try XMLTreeDocument(string: xml).root!.xpath("lang('k')") == .boolean(false))
        #expect(try XMLTreeDocument(string: xml).root!.xpath("lang('\u{212A}')") == .boolean(true))
        #expect(try XMLTreeDocument(string: "<r xml:lang=\"en-GB\"/>").root!.xpath("lang('EN')") == .boolean(true))
    }

    @Test("Canonical XML sorts and keeps prefixes and URIs by code points (the outputs lxml writes)")
    func canonicalization() throws {
        // Attributes by namespace URI, then local name: "urn:e" + U+0301 before "urn:é".
        let uris = try XMLTreeDocument(string: "<r xmlns:a=\"urn:e\u{301}\" xmlns:b=\"urn:\u{E9}\" b:x=\"1\" a:x=\"2\"/>")
        #expect(String(decoding: try uris.canonicalized(), as: UTF8.self)
            == "<r xmlns:a=\"urn:e\u{301}\" xmlns:b=\"urn:\u{E9}\" a:x=\"2\" b:x=\"1\"></r>")
        // Two prefixes that Swift's == calls one: both declared, each with its own URI.
        let prefixes = try XMLTreeDocument(string: "<r xmlns:\u{E9}=\"urn:1\" xmlns:e\u{301}=\"urn:2\"><\u{E9}:c/></r>")
        #expect(String(decoding: try prefixes.canonicalized(), as: UTF8.self)
            == "<r xmlns:e\u{301}=\"urn:2\" xmlns:\u{E9}=\"urn:1\"><\u{E9}:c></\u{E9}:c></r>")
        #expect(String(decoding: try prefixes.canonicalized(XMLCanonicalization(.exclusive())), as: UTF8.self)
            == "<r><\u{E9}:c xmlns:\u{E9}=\"urn:1\"></\u{E9}:c></r>")
        let subset = try prefixes.canonicalized(xpath: "(//. | //@* | //namespace::*)[not(self::r)]")
        #expect(String(decoding: subset, as: UTF8.self) == "<\u{E9}:c xmlns:e\u{301}=\"urn:2\" xmlns:\u{E9}=\"urn:1\"></\u{E9}:c>")
    }

    @Test("XPathValue and XPathNode equality are code points too")
    func valueEquality() {
        #expect(XPathValue.string("\u{E9}") != XPathValue.string("e\u{301}"))
        #expect(XPathValue.string("\u{E9}") == XPathValue.string("\u{E9}"))
    }
}
